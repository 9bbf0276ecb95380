/**
 * The container's first start: writes a configuration to the path given (the data volume's
 * `config.json` by default) with a generated sandbox API key, webhook token and admin key, listening on
 * every interface (a container is reached through its network interface, not its loopback), and prints
 * the key once. `txenrich serve` does the same outside a container, on 127.0.0.1. An existing file is
 * never overwritten (the `wx` flag), and the file is created 0600.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { featureNames } from '@txenrich/service';

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: first-config.mjs <config path>\n');
  process.exit(2);
}
const secret = () => randomBytes(24).toString('base64url');
const key = `sk_sandbox_${secret()}`;
const config = {
  host: '0.0.0.0',
  keys: [{ key, tenant: 'default', environment: 'sandbox', features: [...featureNames] }],
  webhookToken: secret(),
  adminKey: secret(),
};
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
const port = process.env.PORT || '8080';
process.stdout.write(
  [
    `No configuration found: wrote ${path} with a sandbox API key (shown this once; it stays in that file):`,
    '',
    `  ${key}`,
    '',
    `Try it (with the container's port ${port} published on the host):`,
    '',
    `  curl -s http://localhost:${port}/transactions/cards/enrich \\`,
    `    -H 'X-Api-Key: ${key}' -H 'Content-Type: application/json' \\`,
    `    -d '{"merchantName": "SQ *BLUE BOTTLE COFFEE SF CA", "amount": "4.50", "categoryCode": "5814"}'`,
    '',
    '',
  ].join('\n'),
);
