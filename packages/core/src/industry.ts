import type { Industry as CatalogIndustry } from '@txenrich/catalog';
import type { Industry } from '@txenrich/schema';

/** The chain of an industry id, broad to specific, as the wire shows it (with icon URLs). */
export function industryChain(
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
