import { describe, expect, it } from 'vitest';
import { COLLEGE_LISTS_FILE, collegeName, readColleges } from './colleges.js';
import type { CuratedMerchant } from './curated.js';

describe('the names the college lists give', () => {
  it('drops a campus, a place after a comma and parentheses', () => {
    expect(collegeName('University of Virginia-Main Campus')).toBe('University of Virginia');
    expect(collegeName('Minnesota State University-Moorhead')).toBe('Minnesota State University');
    expect(collegeName('Ohio State University - Lima')).toBe('Ohio State University');
    expect(collegeName('Cypress Community College, California')).toBe('Cypress Community College');
    expect(collegeName('Thapar Institute of Engineering (TIET)')).toBe('Thapar Institute of Engineering');
  });

  it('keeps hyphens inside a name and a comma that is part of it', () => {
    expect(collegeName('Rose-Hulman Institute of Technology')).toBe('Rose-Hulman Institute of Technology');
    expect(collegeName('Winston-Salem State University')).toBe('Winston-Salem State University');
    // Accented Latin letters (French names in Canada).
    expect(collegeName('Université de Montréal')).toBe('Université de Montréal');
    expect(collegeName('University of Maryland, Baltimore County')).toBe(
      'University of Maryland Baltimore County',
    );
  });

  it('refuses what names no institution', () => {
    expect(collegeName('https://www.scit.edu/')).toBeNull();
    expect(collegeName('oaklandcc.txt')).toBeNull();
    expect(collegeName('Fayette')).toBeNull();
    expect(collegeName('한성대학교')).toBeNull();
  });
});

describe('the colleges read from the installed lists', () => {
  const curatedUcla: CuratedMerchant = {
    name: 'UCLA',
    legalName: 'University of California, Los Angeles',
    domain: 'ucla.edu',
    industry: '008-002-000-000',
    channel: 'mixed',
    countries: ['us'],
    aliases: ['UNIVERSITY OF CALIFORNIA LOS ANGELES'],
    wikidata: null,
    file: 'merchants/education.json',
  };
  const colleges = readColleges([curatedUcla]);
  const byName = new Map(colleges.map((college) => [college.name, college]));

  it('gives a .edu institution its website, confirmed American by the US list', () => {
    expect(byName.get('Pomona College')).toMatchObject({
      domain: 'pomona.edu',
      countries: ['us'],
      industry: '008-002-000-000',
      file: COLLEGE_LISTS_FILE,
    });
  });

  it('adds the statement forms of a name', () => {
    expect(byName.get('Ohio State University')?.aliases).toEqual(
      expect.arrayContaining(['OHIO STATE UNIV', 'OH STATE UNIV']),
    );
    expect(byName.get('The University of Chicago')?.aliases).toEqual(
      expect.arrayContaining(['University of Chicago', 'UNIV OF CHICAGO']),
    );
  });

  it('names an institution once with or without its article', () => {
    expect(byName.has('The Ohio State University')).toBe(false);
  });

  it('leaves to the curated lists what they name, by domain or by name', () => {
    expect(colleges.some((college) => college.domain === 'ucla.edu')).toBe(false);
    expect(colleges.some((college) => /^University of California,? Los Angeles$/i.test(college.name))).toBe(
      false,
    );
  });

  it('gives the institutions of Canada, Britain, Ireland, Australia and New Zealand their country and site', () => {
    expect(byName.get('University of Alberta')).toMatchObject({ domain: 'ualberta.ca', countries: ['ca'] });
    expect(byName.get('University of Aberdeen')).toMatchObject({ domain: 'abdn.ac.uk', countries: ['gb'] });
    expect(byName.get('University of Otago')).toMatchObject({ domain: 'otago.ac.nz', countries: ['nz'] });
    // A French name, and an institution under its province's domain.
    expect(byName.get('Université Laval')?.countries).toEqual(['ca']);
    expect(colleges.find((college) => college.domain === 'brebeuf.qc.ca')?.countries).toEqual(['ca']);
  });

  it('names each institution once, every domain in lower case', () => {
    const names = colleges.map((college) => college.name.toLowerCase().replace(/^the /, ''));
    expect(new Set(names).size).toBe(names.length);
    for (const college of colleges)
      if (college.domain)
        expect(college.domain).toMatch(/^[a-z0-9.-]+\.(?:edu|ca|ac\.uk|ie|edu\.au|ac\.nz)$/);
    expect(colleges.length).toBeGreaterThan(2000);
  });
});
