/**
 * Where callbacks may go (batch status callbacks, returned enrichments): to
 * public addresses only, so that a client cannot make the service POST, with
 * its webhook token, to the cloud metadata endpoint or to a neighbour on the
 * private network (SSRF).
 *
 * A URL is refused when its scheme is not http(s), when it carries
 * credentials, or when its host is, or resolves to, an address that is not
 * public: loopback, private (RFC 1918, IPv6 unique local), shared (CGNAT
 * 100.64/10), link-local, multicast, broadcast, unspecified or reserved,
 * IPv4-mapped IPv6 included. The WHATWG URL parser normalises the host first,
 * so `http://2130706433/`, `http://0x7f.1/` and `http://127.1/` are all
 * 127.0.0.1. Address ranges are ipaddr.js's; an IPv6 address must also be
 * global unicast (2000::/3).
 *
 * The check runs twice: at submission (with DNS), and when connecting, where
 * the name is resolved again, every address checked, and the connection made
 * to a checked address (`connectLookup`), so that a DNS answer changed in
 * between gains nothing.
 *
 * The allowlist (`callbacks.allowlist`) opens specific destinations: a host
 * name (any port), `host:port`, an IP address or CIDR (whether the URL names
 * it or a name resolves to it), or `address:port`.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** One address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name. */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system's resolver (getaddrinfo: the hosts file, then DNS), as connections use it. */
export const resolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One entry of the allowlist, parsed. */
export type AllowlistEntry =
  | { kind: 'host'; hostname: string; port: number | null }
  | { kind: 'network'; range: [Address, number]; port: number | null };

const HOST_AND_PORT = /^(\[[^\]]*\]|[^:/?#@[\]\s]+)(?::(\d{1,5}))?$/;

/** An allowlist entry (`hooks.internal`, `hooks.internal:8443`, `10.0.0.0/8`, `127.0.0.1:9000`, `[::1]:9000`), or null. */
export function parseAllowlistEntry(entry: string): AllowlistEntry | null {
  const text = entry.trim();
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return null;
    const [address, bits] = ipaddr.parseCIDR(text);
    return { kind: 'network', range: [unmapped(address), unmappedBits(address, bits)], port: null };
  }
  if (isIP(text) === 6) return { kind: 'network', range: single(ipaddr.process(text)), port: null };
  const match = HOST_AND_PORT.exec(text);
  if (!match) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}/`).hostname;
  } catch {
    return null;
  }
  const literal = addressOf(hostname);
  return literal
    ? { kind: 'network', range: single(literal), port }
    : { kind: 'host', hostname: withoutFinalDot(hostname), port };
}

const unmapped = (address: Address): Address =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
const unmappedBits = (address: Address, bits: number) =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? Math.max(0, bits - 96) : bits;
const single = (address: Address): [Address, number] => [address, address.kind() === 'ipv4' ? 32 : 128];
const withoutFinalDot = (hostname: string) => (hostname.endsWith('.') ? hostname.slice(0, -1) : hostname);

/** The address a URL's host names literally (`127.0.0.1`, `[::1]`), IPv4-mapped IPv6 as IPv4; else null. */
function addressOf(hostname: string): Address | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? ipaddr.process(bare) : null;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The special range an address is in (ipaddr.js's name), or null for a public address. */
export function internalRange(address: Address): string | null {
  const range = address.range();
  if (range !== 'unicast') return range;
  if (address.kind() === 'ipv6' && !(address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

const rangeWords: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
};

const internalMessage = (verb: 'is' | 'resolves to', range: string) =>
  `This URL's host ${verb} ${rangeWords[range] ?? 'a reserved address'}; callbacks are not sent to internal addresses.`;

export const callbackUrlMessages = {
  invalid: 'Enter a valid URL.',
  scheme: 'Only http and https URLs are accepted.',
  credentials: 'A callback URL may not contain a user name or password.',
  unresolved: "This URL's host could not be resolved.",
} as const;

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever a resolver says. */
const LOCALHOST_ADDRESSES: readonly ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];
const isLocalhost = (hostname: string) => {
  const name = withoutFinalDot(hostname);
  return name === 'localhost' || name.endsWith('.localhost');
};

/** A connection refused by the policy (at connect time: the name resolved to an internal address). */
export class CallbackRefusedError extends Error {
  override readonly name = 'CallbackRefusedError';
  readonly code = 'ERR_CALLBACK_REFUSED';
}

export interface CallbackPolicyOptions {
  /** Destinations opened despite the rules (`callbacks.allowlist`); validated by the configuration. */
  allowlist?: readonly string[];
  /** DNS; the system's resolver by default (tests inject their own). */
  resolve?: ResolveHost;
}

export interface CallbackPolicy {
  /** Why `url` may not receive callbacks, resolving its host; null when it may. */
  check(url: string): Promise<string | null>;
  /**
   * The checks that need no DNS (scheme, credentials, a literal address, `localhost`): a refusal here
   * stays a refusal, whatever DNS answers.
   */
  checkWithoutDns(url: string): string | null;
  /**
   * The `lookup` to connect to `url` with (`net.connect`'s option): it resolves the name, checks every
   * address and answers only checked ones, or fails with a `CallbackRefusedError`. Undefined when the host
   * needs no lookup (a literal address) or is allowlisted by name.
   */
  connectLookup(url: string): LookupFunction | undefined;
}

type Inspection = { refused: string } | { allowed: true } | { resolve: string; port: number };

const effectivePort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

export function createCallbackPolicy(options: CallbackPolicyOptions = {}): CallbackPolicy {
  const resolve = options.resolve ?? resolveHost;
  const entries = (options.allowlist ?? []).map((text) => {
    const entry = parseAllowlistEntry(text);
    if (!entry) throw new TypeError(`Invalid callback allowlist entry: ${JSON.stringify(text)}`);
    return entry;
  });
  const portMatches = (entry: AllowlistEntry, port: number) => entry.port === null || entry.port === port;

  const hostAllowed = (hostname: string, port: number) => {
    const name = withoutFinalDot(hostname);
    return entries.some(
      (entry) => entry.kind === 'host' && entry.hostname === name && portMatches(entry, port),
    );
  };

  const addressAllowed = (address: Address, port: number) =>
    entries.some(
      (entry) =>
        entry.kind === 'network' &&
        entry.range[0].kind() === address.kind() &&
        address.match(entry.range as [typeof address, number]) &&
        portMatches(entry, port),
    );

  /** Why these addresses may not be connected to on `port`, or null. */
  function refuseAddresses(
    addresses: readonly ResolvedAddress[],
    port: number,
    verb: 'is' | 'resolves to',
  ): string | null {
    for (const { address } of addresses) {
      if (!ipaddr.isValid(address)) return internalMessage(verb, 'reserved');
      const parsed = ipaddr.process(address);
      if (addressAllowed(parsed, port)) continue;
      const range = internalRange(parsed);
      if (range !== null) return internalMessage(verb, range);
    }
    return null;
  }

  function inspect(text: string): Inspection {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { refused: callbackUrlMessages.invalid };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: callbackUrlMessages.scheme };
    if (url.username !== '' || url.password !== '') return { refused: callbackUrlMessages.credentials };
    const port = effectivePort(url);
    const literal = addressOf(url.hostname);
    if (literal) {
      const refused = refuseAddresses([{ address: literal.toString(), family: 0 }], port, 'is');
      return refused === null ? { allowed: true } : { refused };
    }
    if (hostAllowed(url.hostname, port)) return { allowed: true };
    if (isLocalhost(url.hostname)) {
      const refused = refuseAddresses(LOCALHOST_ADDRESSES, port, 'resolves to');
      if (refused !== null) return { refused };
    }
    return { resolve: url.hostname, port };
  }

  /** Every address of `hostname`, each checked; rejects with a `CallbackRefusedError`. */
  async function resolveChecked(hostname: string, port: number): Promise<readonly ResolvedAddress[]> {
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      throw new CallbackRefusedError(callbackUrlMessages.unresolved, { cause: error });
    }
    if (addresses.length === 0) throw new CallbackRefusedError(callbackUrlMessages.unresolved);
    const refused = refuseAddresses(addresses, port, 'resolves to');
    if (refused !== null) throw new CallbackRefusedError(refused);
    return addresses;
  }

  return {
    async check(url) {
      const inspection = inspect(url);
      if ('refused' in inspection) return inspection.refused;
      if ('allowed' in inspection) return null;
      try {
        await resolveChecked(inspection.resolve, inspection.port);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },

    checkWithoutDns(url) {
      const inspection = inspect(url);
      return 'refused' in inspection ? inspection.refused : null;
    },

    connectLookup(url) {
      const inspection = inspect(url);
      if (!('resolve' in inspection)) return undefined;
      const { port } = inspection;
      return (hostname: string, lookupOptions: LookupOptions, callback) => {
        const family = familyOf(lookupOptions.family);
        resolveChecked(hostname, port).then(
          (addresses) => {
            const usable = addresses.filter((each) => family === 0 || each.family === family);
            const first = usable[0];
            if (first === undefined) {
              callback(new CallbackRefusedError(callbackUrlMessages.unresolved), '', 0);
            } else if (lookupOptions.all) {
              callback(null, usable as LookupAddress[]);
            } else {
              callback(null, first.address, first.family);
            }
          },
          (error: CallbackRefusedError) => callback(error, '', 0),
        );
      };
    },
  };
}

const familyOf = (family: LookupOptions['family']): number =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;

/** A URL fit for a log line: no user name or password, no query string, no fragment. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? '?[redacted]' : ''}`;
  } catch {
    return '[invalid URL]';
  }
}
