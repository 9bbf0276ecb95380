/**
 * simple-icons: digital brands with titles and aliases. A brand's website is
 * taken from its icon's source URL only when the source's registrable domain
 * is the brand's own (its label equals the slug or the squashed title, e.g.
 * `starbucks.com` for Starbucks, `brand.netflix.com` -> `netflix.com`);
 * icons whose source is a code host or an encyclopedia are open-source
 * projects and file formats far more often than merchants, so an icon with
 * no own domain is kept only when it merges into another source's merchant.
 */
import { join } from 'node:path';
import { packageDir, readJson } from './sources.js';
import { hostOf, registrableDomain, squash } from './web.js';

export interface SimpleIconDraft {
  slug: string;
  title: string;
  aliases: string[];
  /** The brand's own bare domain, when its source URL shows it. */
  domain: string | null;
}

interface SimpleIcon {
  title: string;
  slug: string;
  source?: string;
  aliases?: {
    aka?: string[];
    dup?: { title: string }[];
    loc?: Record<string, string>;
  };
}

export function readSimpleIcons(): SimpleIconDraft[] {
  const icons = readJson(join(packageDir('simple-icons'), 'data/simple-icons.json')) as SimpleIcon[];
  return icons.map((icon) => {
    const aliases = [
      ...(icon.aliases?.aka ?? []),
      ...(icon.aliases?.dup ?? []).map((dup) => dup.title),
      ...Object.values(icon.aliases?.loc ?? {}),
    ];
    return { slug: icon.slug, title: icon.title, aliases, domain: ownDomain(icon) };
  });
}

function ownDomain(icon: SimpleIcon): string | null {
  if (!icon.source) return null;
  const host = hostOf(icon.source);
  if (!host) return null;
  const domain = registrableDomain(host);
  const label = domain.split('.')[0]!;
  const names = new Set([icon.slug.replace(/[^a-z0-9]/g, ''), squash(icon.title)]);
  return names.has(label) ? domain : null;
}
