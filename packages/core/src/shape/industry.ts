import type { Industry as CatalogIndustry } from '@txenrich/catalog';
import type { Industry } from '@txenrich/schema';

/**
 * A function giving the chain of an industry id, broad to specific, as the wire
 * shows it (with icon URLs). Chains are computed once per id; each call returns
 * fresh objects, so callers may change them.
 */
export function createIndustryChains(
  industries: ReadonlyMap<string, CatalogIndustry>,
  iconUrl: (file: string) => string,
): (industryId: string | null) => Industry[] {
  const chains = new Map<string, Industry[]>();
  return (industryId) => {
    if (industryId === null) return [];
    let chain = chains.get(industryId);
    if (!chain) {
      chain = industryChain(industryId, industries, iconUrl);
      chains.set(industryId, chain);
    }
    return chain.map((node) => ({ ...node }));
  };
}

function industryChain(
  industryId: string | null,
  industries: ReadonlyMap<string, CatalogIndustry>,
  iconUrl: (file: string) => string,
): Industry[] {
  const chain: Industry[] = [];
  for (let node = industryId ? industries.get(industryId) : undefined; node; ) {
    chain.unshift({ id: node.id, name: node.name, icon: iconUrl(node.icon) });
    node = node.parentId ? industries.get(node.parentId) : undefined;
  }
  return chain;
}
