/**
 * Is a Wikimedia Commons file a logo or a photograph? NSI's Wikidata file
 * gives a brand one Commons image, read from the logo properties (P8972 small
 * logo or icon, P154 logo image, then P158 seal and P94 coat of arms; P18
 * "image" only for flags, which the catalog does not read). Editors still put
 * photographs in P154: Blue Bottle Coffee's is `Blue Bottle Mint Plaza
 * (14764565700).jpg`, a shop. The build has no network, so the file's name and
 * format decide, by the first rule of `LOGO_FILE_RULES` that matches: an SVG is
 * a drawing; a name that shows a photograph (a Flickr or camera number, a
 * sign, a building) is a photo whatever else it says; a name that says logo,
 * emblem or seal, or names a print colour space, is a logo; PNG, GIF and WebP
 * are how Commons holds raster logos; a JPEG or TIFF that does not say it is a
 * logo is taken for a photograph (precision first: the favicon of the brand's
 * own website is a better mark than a photo of a street).
 */

export type CommonsFileKind = 'logo' | 'photo';

export interface CommonsFileRule {
  /** Stable id, recorded in the build manifest's counts of rejected files. */
  id: string;
  kind: CommonsFileKind;
  /** What the rule looks at, in words. */
  means: string;
  test: (file: { name: string; ext: string }) => boolean;
  /** A file name from NSI's Wikidata file this rule decides, and the kind it yields. */
  examples: string[];
}

const RASTER_DRAWING = new Set(['png', 'gif', 'webp']);
const PHOTO_FORMAT = new Set(['jpg', 'jpeg', 'jpe', 'tif', 'tiff']);

/** Words for what a photograph shows: a sign on a street, a building, a shop front. */
const SCENE =
  /\b(?:signs?|signage|signboard|skylt|lichtreclame|store ?front|shop ?front|fa[cç]ade|building(?! society)|headquarters|head ?office|at night|interior|exterior|entrance|power (?:plant|station)|trucks?|label|licen[cs]e plate|on a car|photo(?:graph(?:ed|y)?)?|picture)\b|看板/iu;

/** Words and marks of a designed file: logo in several languages, emblem, seal, arms, colour spaces, layouts. */
const LOGO_WORD =
  /logo|logotip|logotyp|\bloqo\b|word ?mark|brand ?mark|\bemblem|\bins[ií]gn|\bdistintivo\b|seal\b|siegel|\bcoat(?: of arms)?\b|wappen|bras[aã]o|brazao|\bescudo\b|\bznak\b|\bcrest\b|\bicon\b|isotip|isotype|\bmarchio\b|\bsigla\b|rgb\b|\bcmyk\b|\bcmjn\b|\b4c\b|4-colou?r|\bstacked\b|\bhoriz(?:ontal)?\b|\bvertical\b|\bpositive\b|\bnegati(?:ve|v)\b|ロゴ|로고|логотип|شعار|标志|標誌|商标/iu;

/** A date in the way cameras and uploaders name photographs: 2011-06-21, 20130916. */
const ISO_DATE = /(?:^|\D)(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:\D|$)/;
const COMPACT_DATE = /(?:^|\D)(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\D|$)/;

export const LOGO_FILE_RULES: readonly CommonsFileRule[] = [
  {
    id: 'vector',
    kind: 'logo',
    means: 'an SVG file is a drawing',
    test: ({ ext }) => ext === 'svg',
    examples: ["Denny's Logo 06.2022.svg", 'Starbucks Corporation Logo 2011.svg'],
  },
  {
    id: 'flickr-number',
    kind: 'photo',
    means: 'a Flickr photo id in brackets',
    test: ({ name }) => /\(\d{7,}\)/.test(name),
    examples: ['Blue Bottle Mint Plaza (14764565700).jpg', 'Supper Friday night (2268485759).jpg'],
  },
  {
    id: 'camera-number',
    kind: 'photo',
    means: "a camera's file number (IMG_1234, DSC00657, P1110255, PXL_...)",
    test: ({ name }) => /(?:^|[^a-z])(?:IMG|DSC[NF]?|PXL|CIMG)[_ -]?\d{3,}|\(P\d{7}\)/i.test(name),
    examples: ['DSC00657 Kitale Post Office.jpg', 'Fisker, IAA Mobility 2023, Munich (P1110255).jpg'],
  },
  {
    id: 'geograph',
    kind: 'photo',
    means: 'a geograph.org.uk photograph',
    test: ({ name }) => name.includes('geograph.org.uk'),
    examples: ['Kent County Council Sign - geograph.org.uk - 2076343.jpg'],
  },
  {
    id: 'scene',
    kind: 'photo',
    means: 'names what a photograph shows: a sign, a building, a shop front, a photo',
    test: ({ name }) => SCENE.test(name),
    examples: [
      'Taco Cabana Dallas sign.jpg',
      'New Inova sign with updated logo.jpg',
      'Tcbbank headoffice.JPG',
      'Photo of lm seal.jpg',
    ],
  },
  {
    id: 'dated',
    kind: 'photo',
    means: 'a date in the name of a raster file: when a photograph was taken',
    test: ({ name, ext }) =>
      ISO_DATE.test(name) || (PHOTO_FORMAT.has(ext) && COMPACT_DATE.test(name.replace(/\.[^.]*$/, ''))),
    examples: ['2022-08-09 Tesco Skalka logo.jpg', 'Chunghwa Telecom logo plate on Xinyi Road 20130916.jpg'],
  },
  {
    id: 'logo-word',
    kind: 'logo',
    means: 'says logo, emblem, seal or arms, or names a print colour space or layout (RGB, CMYK, stacked)',
    test: ({ name }) => LOGO_WORD.test(name) || /\bCI\b/.test(name),
    examples: [
      'Suez logo.jpg',
      'Posturinnlogo.jpg',
      'Hotelplan Management rgb.jpg',
      '資さんロゴ.jpg',
      '타이어뱅크 CI.jpg',
    ],
  },
  {
    id: 'raster-drawing',
    kind: 'logo',
    means: 'PNG, GIF and WebP are how Commons holds raster logos',
    test: ({ ext }) => RASTER_DRAWING.has(ext),
    examples: ['Stewshop.png', 'Subus.png'],
  },
  {
    id: 'photo-format',
    kind: 'photo',
    means: 'a JPEG, TIFF or other file that does not say it is a logo',
    test: () => true,
    examples: ['Konaka yokohama.JPG', 'Rip curl 042.jpg', 'Sunglasshutnew.jpg'],
  },
];

export interface CommonsFileVerdict {
  kind: CommonsFileKind;
  /** The id of the rule that decided. */
  rule: string;
}

/** The kind of a Commons file, by its name (`Blue Bottle Mint Plaza (14764565700).jpg`). */
export function classifyCommonsFile(name: string): CommonsFileVerdict {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const file = { name: name.normalize('NFC'), ext };
  // The last rule matches every file.
  const rule = LOGO_FILE_RULES.find((candidate) => candidate.test(file))!;
  return { kind: rule.kind, rule: rule.id };
}

/**
 * The Commons file name of a logo URL in NSI's forms
 * (`https://commons.wikimedia.org/wiki/Special:FilePath/<file>` for an SVG,
 * `.../w/index.php?title=Special:Redirect/file/<file>&width=150` otherwise),
 * or null for any other URL.
 */
export function commonsFileOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.hostname !== 'commons.wikimedia.org' && parsed.hostname !== 'upload.wikimedia.org') return null;
  const path = decodeURIComponent(parsed.pathname);
  const filePath = /^\/wiki\/Special:FilePath\/(.+)$/.exec(path);
  if (filePath) return filePath[1]!;
  const title = parsed.searchParams.get('title');
  const redirect = title ? /^Special:Redirect\/file\/(.+)$/.exec(title) : null;
  if (redirect) return redirect[1]!;
  // An upload URL: .../commons/a/ab/<file> or a thumbnail .../thumb/a/ab/<file>/150px-<file>.png
  const upload = /^\/wikipedia\/commons\/(?:thumb\/)?[0-9a-f]\/[0-9a-f]{2}\/([^/]+)/.exec(path);
  return upload ? upload[1]! : null;
}

/** The verdict on a Commons logo URL; a URL that names no Commons file is taken as given (a logo). */
export function classifyLogoUrl(url: string): CommonsFileVerdict {
  const file = commonsFileOf(url);
  return file === null ? { kind: 'logo', rule: 'not-commons' } : classifyCommonsFile(file);
}
