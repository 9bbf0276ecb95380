import { loadCatalog } from '@txenrich/catalog';
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '../lexicon.js';
import { readAnatomy } from './anatomy.js';
import { createSegmenter } from './segment.js';

const lexicon = buildLexicon(loadCatalog());

describe('words a line ran together', () => {
  it.each([
    ['REINDEERRUN', 'Reindeer Run'],
    ['TCKTWEB*COMEDYSHOWCASE 800-965-4827 CA', 'Comedy Showcase'],
    ['BLOCKBUSTEREXPRESS', 'Blockbuster Express'],
    ['DOF PARKINGANDCAMERA NEW YORK NY', 'Dof Parking and Camera'],
    // The last word cut by the field is completed when only it and its plural complete it.
    ['SPO*MIRAMARBEACHRESTAURAN', 'Miramar Beach Restaurant'],
  ])('%s -> %s', (line, display) => {
    expect(readAnatomy(line, lexicon).display).toBe(display);
  });

  it.each([
    // A word, a brand's word, a town, and two short common words that make one compound name.
    ['SWEETWATER TAVERN', 'Sweetwater Tavern'],
    ['BRANDYWINE', 'Brandywine'],
    ['PAYPAL *COPPERLEAFSOAP', 'Copperleaf Soap'],
    // Shorter than ten letters, a one-word name is a name spelt so.
    ['STONEWOOD', 'Stonewood'],
    ['MOKJAKOREANEAT', 'Mokjakoreaneat'],
  ])('%s stays %s', (line, display) => {
    expect(readAnatomy(line, lexicon).display).toBe(display);
  });

  it('matches the line as printed: the split is the display only', () => {
    const anatomy = readAnatomy('REINDEERRUN', lexicon);
    expect(anatomy.name).toBe('REINDEERRUN');
    expect(anatomy.rules).toContain('name.run-together');
  });

  it('prefers fewer, more common words', () => {
    const { split } = createSegmenter({ bands: [['pen', 'is', 'land', 'island'], ['penis']], names: [] });
    expect(split('penisland')).toEqual(['pen', 'island']);
    expect(split('island')).toBeNull();
  });

  it('knows the common words apart from the names', () => {
    const { isEnglishWord } = createSegmenter({ bands: [['academy']], names: ['thinkific'] });
    expect(isEnglishWord('academy')).toBe(true);
    expect(isEnglishWord('thinkific')).toBe(false);
  });
});
