import { describe, expect, it } from 'vitest';
import { classifyCommonsFile, classifyLogoUrl, commonsFileOf, LOGO_FILE_RULES } from './logos.js';

describe('LOGO_FILE_RULES', () => {
  it('has unique ids and ends with a rule that takes every file', () => {
    const ids = LOGO_FILE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(LOGO_FILE_RULES.at(-1)!.test({ name: 'anything', ext: '' })).toBe(true);
  });

  describe.each(LOGO_FILE_RULES.map((rule) => [rule.id, rule] as const))('rule %s', (id, rule) => {
    it.each(rule.examples)(`decides %s: ${rule.kind}`, (example) => {
      expect(classifyCommonsFile(example)).toEqual({ kind: rule.kind, rule: id });
    });
  });
});

describe('classifyCommonsFile', () => {
  it("refuses Blue Bottle Coffee's shop photograph and keeps real logos", () => {
    expect(classifyCommonsFile('Blue Bottle Mint Plaza (14764565700).jpg').kind).toBe('photo');
    expect(classifyCommonsFile('Starbucks Corporation Logo 2011.svg').kind).toBe('logo');
    expect(classifyCommonsFile('Logo Bank Pivdenny.png').kind).toBe('logo');
    expect(classifyCommonsFile('Kladno Logo.jpg').kind).toBe('logo');
  });

  it('takes a photo word over a logo word, and a building society for no building', () => {
    expect(classifyCommonsFile('Strašnice sign with logo.png')).toEqual({ kind: 'photo', rule: 'scene' });
    expect(classifyCommonsFile('Nottingham Building Society full logo.png').kind).toBe('logo');
    expect(classifyCommonsFile('Post Office Logo RGB.png').kind).toBe('logo');
  });

  it('reads dates as photographs in JPEGs, and years alone as nothing', () => {
    expect(classifyCommonsFile('Fortinos Logo 20070426.png').kind).toBe('logo');
    expect(classifyCommonsFile('Canadian Tire logo 2022.png').kind).toBe('logo');
    expect(classifyCommonsFile('Poundland logo 2024.jpg').kind).toBe('logo');
    expect(classifyCommonsFile('Kintetsubus-aeroking-selega-20070930.jpg')).toEqual({
      kind: 'photo',
      rule: 'dated',
    });
  });

  it('takes a JPEG, TIFF or PDF that does not say logo for a photograph', () => {
    for (const name of ['DEKRA.jpg', 'Sinclair.tif', 'Vertebral artery.pdf', 'Which Wich']) {
      expect(classifyCommonsFile(name), name).toEqual({ kind: 'photo', rule: 'photo-format' });
    }
  });
});

describe('commonsFileOf', () => {
  it("reads the file of NSI's two URL forms and of upload URLs", () => {
    expect(
      commonsFileOf(
        'https://commons.wikimedia.org/w/index.php?title=Special%3ARedirect%2Ffile%2FBlue%20Bottle%20Mint%20Plaza%20(14764565700).jpg&width=150',
      ),
    ).toBe('Blue Bottle Mint Plaza (14764565700).jpg');
    expect(
      commonsFileOf("https://commons.wikimedia.org/wiki/Special:FilePath/Denny's%20Logo%2006.2022.svg"),
    ).toBe("Denny's Logo 06.2022.svg");
    expect(
      commonsFileOf('https://commons.wikimedia.org/wiki/Special:FilePath/Which%20Wich%3F%20logo.svg'),
    ).toBe('Which Wich? logo.svg');
    expect(
      commonsFileOf(
        'https://upload.wikimedia.org/wikipedia/commons/thumb/3/36/McDonald%27s_Golden_Arches.svg/150px-McDonald%27s_Golden_Arches.svg.png',
      ),
    ).toBe("McDonald's_Golden_Arches.svg");
  });

  it('is null for other URLs', () => {
    expect(commonsFileOf('https://cdn.simpleicons.org/netflix')).toBeNull();
    expect(commonsFileOf('not a url')).toBeNull();
  });
});

describe('classifyLogoUrl', () => {
  it('classifies the Commons file of a URL and takes any other URL as given', () => {
    expect(
      classifyLogoUrl(
        'https://commons.wikimedia.org/w/index.php?title=Special%3ARedirect%2Ffile%2FWhite%20Castle%20Sign.JPG&width=150',
      ),
    ).toEqual({ kind: 'photo', rule: 'scene' });
    expect(classifyLogoUrl('https://cdn.simpleicons.org/netflix')).toEqual({
      kind: 'logo',
      rule: 'not-commons',
    });
  });
});
