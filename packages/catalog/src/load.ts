/** `loadCatalog`: reads the built artifact into memory. */
import { readFileSync } from 'node:fs';
import { CatalogError } from './errors.js';
import { ARTIFACT_FORMAT, defaultArtifactPath } from './paths.js';
import type { Catalog } from './types.js';

const SECTIONS = [
  'industries',
  'merchants',
  'thirdParties',
  'descriptorAliases',
  'unknownFacilitatorPrefixes',
  'dictionaryWords',
  'englishWords',
  'mccs',
];

/**
 * Load a built catalog, synchronously (a worker loads it once, at start).
 * Default: `packages/catalog/artifact/catalog.json`, written by `pnpm build`.
 */
export function loadCatalog(path: string = defaultArtifactPath): Catalog {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CatalogError(
        'ARTIFACT_MISSING',
        `The catalog artifact ${path} does not exist. Run \`pnpm build\` (or \`pnpm catalog:build\`) first.`,
        { cause, details: { path } },
      );
    }
    throw new CatalogError('ARTIFACT_INVALID', `Cannot read the catalog artifact ${path}.`, {
      cause,
      details: { path },
    });
  }
  let catalog: Catalog;
  try {
    catalog = JSON.parse(text) as Catalog;
  } catch (cause) {
    throw new CatalogError(
      'ARTIFACT_INVALID',
      `The catalog artifact ${path} is not valid JSON: rebuild it.`,
      {
        cause,
        details: { path },
      },
    );
  }
  const format = (catalog as Partial<Catalog> | null)?.manifest?.format;
  if (format !== ARTIFACT_FORMAT) {
    throw new CatalogError(
      'ARTIFACT_INVALID',
      `The catalog artifact ${path} has format ${String(format)}, this loader reads format ${ARTIFACT_FORMAT}: run \`pnpm build\`.`,
      { details: { path, format } },
    );
  }
  const missing = SECTIONS.filter(
    (key) => !Array.isArray((catalog as unknown as Record<string, unknown>)[key]),
  );
  if (missing.length > 0 || typeof catalog.geo !== 'object' || catalog.geo === null) {
    throw new CatalogError(
      'ARTIFACT_INVALID',
      `The catalog artifact ${path} lacks ${missing.join(', ') || 'geo'}.`,
      {
        details: { path, missing },
      },
    );
  }
  return catalog;
}
