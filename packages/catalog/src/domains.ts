/** Domains as the catalog compares them: shared by the build and the engine's merchant lookup. */

/** Second-level labels under which a country-code TLD registers names (`co.uk`, `com.au`). */
const COMPOUND_SLD = new Set(['ac', 'co', 'com', 'edu', 'gov', 'go', 'ne', 'net', 'or', 'org', 'gob', 'nic']);

/**
 * The registrable domain of a host, approximately (`brand.netflix.com` ->
 * `netflix.com`, `shop.example.co.uk` -> `example.co.uk`); good enough to
 * compare a host with a brand name, not a public-suffix implementation.
 */
export function registrableDomain(host: string): string {
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const tld = labels.at(-1)!;
  const sld = labels.at(-2)!;
  const take = tld.length === 2 && COMPOUND_SLD.has(sld) ? 3 : 2;
  return labels.slice(-take).join('.');
}
