#!/usr/bin/env node
// The `txenrich` command. This file is committed, unlike dist/, because pnpm links a package's bin at
// install time only when the file is there: on a fresh clone `pnpm install` runs before any build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('txenrich: not built yet: run `pnpm build` (or `pnpm start`) first.\n');
  process.exit(1);
}
await import(built.href);
