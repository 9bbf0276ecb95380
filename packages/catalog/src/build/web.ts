/** Domain, website and logo URL helpers of the build. */

// It lives in the runtime entry, which the engine's merchant lookup reads too.
export { registrableDomain } from '../domains.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** True for a bare lowercase host name such as `netflix.com` (no scheme, path, port or `www.`). */
export function isBareDomain(value: string): boolean {
  if (value.length > 253 || value !== value.toLowerCase() || value.startsWith('www.')) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TLD.test(labels.at(-1)!);
}

/**
 * The bare host of a URL or host name: lowercase, punycode, without `www.`
 * (or `www2.`...), port, path or trailing dot; null when it is not a valid host.
 */
export function hostOf(value: string): string | null {
  const input = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let host: string;
  try {
    host = new URL(input).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^www\d*\./, '');
  return isBareDomain(host) ? host : null;
}

/** The website URL of a bare domain. */
export function websiteOf(domain: string): string {
  return `https://${domain}`;
}

/**
 * The favicon fallback logo of a domain (DuckDuckGo's public icon service):
 * used only when no brand logo is known but the website is.
 */
export function faviconOf(domain: string): string {
  return `https://icons.duckduckgo.com/ip3/${domain}.ico`;
}

/** The Simple Icons CDN URL of an icon slug (SVG in the brand colour). */
export function simpleIconUrl(slug: string): string {
  return `https://cdn.simpleicons.org/${slug}`;
}

/** Normalise an absolute http(s) URL (percent-encode spaces etc.); null when it is not one. */
export function absoluteUrl(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Lowercase letters and digits only: `Dr. Martens` -> `drmartens`. */
export function squash(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}
