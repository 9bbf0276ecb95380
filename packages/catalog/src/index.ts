/**
 * @txenrich/catalog: the merchant catalog of txenrich at run time.
 * `loadCatalog` reads the built artifact back, synchronously, as plain data:
 * merchants with stable UUIDv5 ids, third parties, descriptor aliases, the
 * industry taxonomy, MCCs and geodata. Nothing is downloaded at run time.
 * The build pipeline that writes the artifact is the separate entry
 * `@txenrich/catalog/build`: this one imports nothing from `build/`
 * (`test/entries.test.ts` walks its import graph to prove it).
 */
export { registrableDomain } from './domains.js';
export type { CatalogErrorCode, CatalogErrorOptions } from './errors.js';
export { CatalogError, isCatalogError } from './errors.js';
export { loadCatalog } from './load.js';
export { ARTIFACT_FORMAT, defaultArtifactDir, defaultArtifactPath, iconsDir } from './paths.js';
export type { CatalogStats } from './stats.js';
export { catalogStats, formatStats, logoSourceOf } from './stats.js';
export type * from './types.js';
export { CATALOG_NAMESPACE, uuidv5 } from './uuid.js';
