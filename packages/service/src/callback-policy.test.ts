import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import {
  CallbackRefusedError,
  createCallbackPolicy,
  internalRange,
  callbackUrlMessages as messages,
  parseAllowlistEntry,
  type ResolveHost,
  redactUrl,
  resolveHost,
} from './callback-policy.js';

/** A resolver of fixed answers: no test asks the network. */
const stubDns =
  (answers: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };

const is = (range: string) => `This URL's host is ${range}; callbacks are not sent to internal addresses.`;
const resolvesTo = (range: string) =>
  `This URL's host resolves to ${range}; callbacks are not sent to internal addresses.`;

const dns = stubDns({
  'hooks.example.com': ['93.184.215.14'],
  'v6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.10'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'ula.example.com': ['fd12:3456::1'],
  'cgnat.example.com': ['100.100.1.1'],
});

describe('callback policy, by default', () => {
  const policy = createCallbackPolicy({ resolve: dns });

  it.each([
    // Public destinations.
    ['https://hooks.example.com/batches?client=1', null],
    ['http://hooks.example.com:8080/batches', null],
    ['http://93.184.215.14/hook', null],
    ['http://[2606:2800:220:1:248:1893:25c8:1946]/', null],
    ['https://v6.example.com/', null],
    // Literal IPv4, in every spelling the URL parser normalises.
    ['http://127.0.0.1:8080/', is('a loopback address')],
    ['http://127.1/', is('a loopback address')],
    ['http://2130706433/', is('a loopback address')],
    ['http://0x7f.1/', is('a loopback address')],
    ['http://0177.0.0.1/', is('a loopback address')],
    ['http://127.255.255.254/', is('a loopback address')],
    ['http://169.254.169.254/latest/meta-data/', is('a link-local address')],
    ['http://10.0.0.1/', is('a private address')],
    ['http://172.16.5.4/', is('a private address')],
    ['http://172.31.255.255/', is('a private address')],
    ['http://192.168.0.1/', is('a private address')],
    ['http://100.64.0.1/', is('a shared (carrier-grade NAT) address')],
    ['http://224.0.0.1/', is('a multicast address')],
    ['http://255.255.255.255/', is('a broadcast address')],
    ['http://0.0.0.0/', is('an unspecified address')],
    ['http://0/', is('an unspecified address')],
    ['http://240.0.0.1/', is('a reserved address')],
    ['http://192.0.2.1/', is('a reserved address')],
    ['http://198.18.0.1/', is('a reserved address')],
    // Literal IPv6, IPv4-mapped included.
    ['http://[::1]/', is('a loopback address')],
    ['http://[0:0:0:0:0:0:0:1]:9000/', is('a loopback address')],
    ['http://[::ffff:127.0.0.1]/', is('a loopback address')],
    ['http://[::ffff:a9fe:a9fe]/', is('a link-local address')],
    ['http://[::ffff:10.0.0.1]/', is('a private address')],
    ['http://[fd00::1]/', is('a private (unique local) address')],
    ['http://[fc00::1]/', is('a private (unique local) address')],
    ['http://[fe80::1]/', is('a link-local address')],
    ['http://[ff02::1]/', is('a multicast address')],
    ['http://[::]/', is('an unspecified address')],
    ['http://[2001:db8::1]/', is('a reserved address')],
    ['http://[64:ff9b::7f00:1]/', is('a reserved address')], // NAT64 of 127.0.0.1
    ['http://[2002:7f00:1::]/', is('a reserved address')], // 6to4 of 127.0.0.1
    ['http://[::7f00:1]/', is('a reserved address')], // IPv4-compatible, outside 2000::/3
    // Names: localhost by definition, the others by their DNS answers.
    ['http://localhost:3000/', resolvesTo('a loopback address')],
    ['http://LOCALHOST./', resolvesTo('a loopback address')],
    ['http://api.localhost/', resolvesTo('a loopback address')],
    ['http://internal.example.com/', resolvesTo('a private address')],
    ['http://metadata.example.com/', resolvesTo('a link-local address')],
    ['http://mixed.example.com/', resolvesTo('a private address')],
    ['http://mapped.example.com/', resolvesTo('a loopback address')],
    ['http://ula.example.com/', resolvesTo('a private (unique local) address')],
    ['http://cgnat.example.com/', resolvesTo('a shared (carrier-grade NAT) address')],
    ['http://nowhere.example.com/', messages.unresolved],
    // Schemes and credentials.
    ['ftp://hooks.example.com/', messages.scheme],
    ['file:///etc/passwd', messages.scheme],
    ['gopher://hooks.example.com:70/', messages.scheme],
    ['https://user:secret@hooks.example.com/', messages.credentials],
    ['https://user@hooks.example.com/', messages.credentials],
    ['https://:secret@hooks.example.com/', messages.credentials],
    ['not a url', messages.invalid],
  ])('%s: %s', async (url, verdict) => {
    expect(await policy.check(url)).toBe(verdict);
  });

  it('refuses without DNS what DNS cannot change, and leaves names to the lookup', () => {
    expect(policy.checkWithoutDns('http://10.0.0.1/')).toBe(is('a private address'));
    expect(policy.checkWithoutDns('http://localhost/')).toBe(resolvesTo('a loopback address'));
    expect(policy.checkWithoutDns('https://u:p@hooks.example.com/')).toBe(messages.credentials);
    expect(policy.checkWithoutDns('http://internal.example.com/')).toBeNull();
    expect(policy.connectLookup('http://internal.example.com/')).toBeTypeOf('function');
    expect(policy.connectLookup('http://93.184.215.14/')).toBeUndefined();
  });
});

describe('callback policy with an allowlist', () => {
  const policy = createCallbackPolicy({
    allowlist: [
      '127.0.0.1',
      'hooks.internal',
      'metrics.internal:9000',
      '10.0.0.0/8',
      '[::1]:8443',
      'fd00::/8',
    ],
    resolve: stubDns({
      'hooks.internal': ['192.168.50.1'],
      'metrics.internal': ['192.168.50.2'],
      'ten.example.com': ['10.9.9.9'],
      'lo.example.com': ['127.0.0.1', '::1'],
    }),
  });

  it.each([
    ['http://127.0.0.1:4000/hooks', null],
    ['http://127.1:4000/hooks', null],
    ['http://127.0.0.2/', is('a loopback address')],
    ['http://hooks.internal/batches', null],
    ['http://HOOKS.INTERNAL.:81/', null],
    ['http://metrics.internal:9000/', null],
    ['http://metrics.internal:9001/', resolvesTo('a private address')],
    ['http://10.20.30.40/', null],
    ['http://[::ffff:10.1.1.1]/', null],
    ['http://ten.example.com/', null],
    ['http://[::1]:8443/', null],
    ['https://[::1]/', is('a loopback address')],
    ['http://[fd00::5]/', null],
    ['http://[fd12::5]/', null],
    ['http://[fc00::5]/', is('a private (unique local) address')],
    ['http://lo.example.com/', resolvesTo('a loopback address')],
    ['http://localhost/', resolvesTo('a loopback address')],
    ['http://192.168.0.1/', is('a private address')],
    ['https://user:pw@hooks.internal/', messages.credentials],
    ['ftp://127.0.0.1/', messages.scheme],
  ])('%s: %s', async (url, verdict) => {
    expect(await policy.check(url)).toBe(verdict);
  });

  it('opens localhost when its addresses are opened, asking the real resolver', async () => {
    // Whatever this machine's hosts file says localhost is, it is loopback.
    const addresses = await resolveHost('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address } of addresses) expect(internalRange(ipaddr.process(address))).toBe('loopback');

    const opened = createCallbackPolicy({ allowlist: ['127.0.0.0/8', '::1'] });
    expect(await opened.check('http://localhost:8080/hooks')).toBeNull();
    expect(await createCallbackPolicy().check('http://localhost:8080/hooks')).toBe(
      resolvesTo('a loopback address'),
    );
  });
});

describe('parseAllowlistEntry', () => {
  it.each([
    ['hooks.internal', { kind: 'host', hostname: 'hooks.internal', port: null }],
    ['Hooks.Internal.:8443', { kind: 'host', hostname: 'hooks.internal', port: 8443 }],
    ['localhost', { kind: 'host', hostname: 'localhost', port: null }],
  ])('%s is a host', (entry, parsed) => {
    expect(parseAllowlistEntry(entry)).toEqual(parsed);
  });

  it.each([
    ['10.0.0.0/8', '10.0.0.0', 8, null],
    ['127.0.0.1', '127.0.0.1', 32, null],
    ['127.1:9000', '127.0.0.1', 32, 9000],
    ['::1', '::1', 128, null],
    ['[::1]:8443', '::1', 128, 8443],
    ['fd00::/8', 'fd00::', 8, null],
    ['::ffff:10.0.0.0/104', '10.0.0.0', 8, null],
  ])('%s is a network', (entry, address, bits, port) => {
    const parsed = parseAllowlistEntry(entry);
    expect(parsed?.kind).toBe('network');
    if (parsed?.kind !== 'network') return;
    expect([parsed.range[0].toString(), parsed.range[1], parsed.port]).toEqual([address, bits, port]);
  });

  it.each([
    '',
    'http://hooks.internal',
    'hooks internal',
    '10.0.0.0/33',
    'hooks.internal:0',
    'hooks.internal:99999',
    'user@hooks.internal',
    'hooks.internal/path',
  ])('%j is no entry', (entry) => {
    expect(parseAllowlistEntry(entry)).toBeNull();
  });

  it('makes createCallbackPolicy throw on a bad entry', () => {
    expect(() => createCallbackPolicy({ allowlist: ['10.0.0.0/33'] })).toThrow(
      /Invalid callback allowlist entry/,
    );
  });
});

describe('connectLookup', () => {
  const policy = createCallbackPolicy({
    resolve: stubDns({
      'public.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'rebound.example.com': ['93.184.215.14', '127.0.0.1'],
    }),
  });

  const lookUp = (url: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number | undefined }>(
      (done) => {
        const lookup = policy.connectLookup(url);
        if (!lookup) throw new Error('no lookup');
        lookup(new URL(url).hostname, options, (error, address, family) => done({ error, address, family }));
      },
    );

  it('answers the checked addresses, all of them or one of the family asked for', async () => {
    expect(await lookUp('https://public.example.com/', { all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookUp('https://public.example.com/', { family: 6 })).toEqual({
      error: null,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  it('fails the connection when any address is internal', async () => {
    const { error } = await lookUp('https://rebound.example.com/', { all: true });
    expect(error).toBeInstanceOf(CallbackRefusedError);
    expect(error).toMatchObject({ code: 'ERR_CALLBACK_REFUSED', message: resolvesTo('a loopback address') });
    expect((await lookUp('https://gone.example.com/', { all: true })).error?.message).toBe(
      messages.unresolved,
    );
  });
});

describe('redactUrl', () => {
  it.each([
    [
      'https://user:secret@hooks.example.com/batches?token=abc#x',
      'https://hooks.example.com/batches?[redacted]',
    ],
    ['http://hooks.example.com:8080/b', 'http://hooks.example.com:8080/b'],
    ['nonsense', '[invalid URL]'],
  ])('%s -> %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });
});
