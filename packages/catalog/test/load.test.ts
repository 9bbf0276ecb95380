import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACT_FORMAT, type CatalogError, isCatalogError, loadCatalog } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'txenrich-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failure(path: string): CatalogError {
  try {
    loadCatalog(path);
  } catch (error) {
    if (isCatalogError(error)) return error;
    throw error;
  }
  throw new Error('loadCatalog did not throw');
}

describe('loadCatalog errors', () => {
  it('tells the user to run pnpm build when the artifact is missing', () => {
    const error = failure(join(dir, 'nope.json'));
    expect(error.code).toBe('ARTIFACT_MISSING');
    expect(error.name).toBe('CatalogError');
    expect(error.message).toContain('pnpm build');
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });

  it('refuses malformed JSON and other formats', () => {
    writeFileSync(join(dir, 'bad.json'), '{"manifest":');
    expect(failure(join(dir, 'bad.json')).code).toBe('ARTIFACT_INVALID');
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ manifest: { format: ARTIFACT_FORMAT + 1 } }));
    const error = failure(join(dir, 'old.json'));
    expect(error.code).toBe('ARTIFACT_INVALID');
    expect(error.details).toMatchObject({ format: ARTIFACT_FORMAT + 1 });
    writeFileSync(
      join(dir, 'partial.json'),
      JSON.stringify({ manifest: { format: ARTIFACT_FORMAT }, merchants: [] }),
    );
    expect(failure(join(dir, 'partial.json')).message).toContain('industries');
  });
});
