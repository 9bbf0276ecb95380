/** Where the catalog's files are, from `src/` and `dist/` alike. */
import { fileURLToPath } from 'node:url';

/** Version of the artifact layout; bump it when the shape of `catalog.json` changes. */
export const ARTIFACT_FORMAT = 3;

/** `packages/catalog/artifact/`: where `pnpm build` writes the artifact. */
export const defaultArtifactDir = fileURLToPath(new URL('../artifact/', import.meta.url));

/** `packages/catalog/artifact/catalog.json`: what `loadCatalog()` reads by default. */
export const defaultArtifactPath = fileURLToPath(new URL('../artifact/catalog.json', import.meta.url));

/** `packages/catalog/icons/`: the industry icons (`Industry.icon` is a file name in it). */
export const iconsDir = fileURLToPath(new URL('../icons/', import.meta.url));
