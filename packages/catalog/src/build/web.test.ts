import { describe, expect, it } from 'vitest';
import { absoluteUrl, hostOf, isBareDomain, registrableDomain, squash } from './web.js';

describe('isBareDomain', () => {
  it('accepts bare lowercase hosts', () => {
    for (const domain of ['netflix.com', 'bbc.co.uk', 'aldi.us', 'xn--bcher-kva.de', 'save-a-lot.com']) {
      expect(isBareDomain(domain), domain).toBe(true);
    }
  });

  it('rejects URLs, paths, www., capitals and junk', () => {
    for (const domain of [
      'https://netflix.com',
      'netflix.com/',
      'www.netflix.com',
      'Netflix.com',
      'netflix',
      'netflix.com:443',
      '-bad.com',
      'bad-.com',
      'a b.com',
      'netflix.c',
      '',
    ]) {
      expect(isBareDomain(domain), domain).toBe(false);
    }
  });
});

describe('hostOf', () => {
  it('reduces URLs to a bare host', () => {
    expect(hostOf('https://www.McDonalds.com/us/en-us.html')).toBe('mcdonalds.com');
    expect(hostOf('http://www4.mcdonalds.ca')).toBe('mcdonalds.ca');
    expect(hostOf('corporate.publix.com')).toBe('corporate.publix.com');
    expect(hostOf('https://bücher.de')).toBe('xn--bcher-kva.de');
    expect(hostOf('not a url')).toBeNull();
    expect(hostOf('https://localhost')).toBeNull();
  });
});

describe('registrableDomain', () => {
  it('strips subdomains, keeping compound country suffixes', () => {
    expect(registrableDomain('brand.netflix.com')).toBe('netflix.com');
    expect(registrableDomain('shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('wingstop.com.mx')).toBe('wingstop.com.mx');
    expect(registrableDomain('netflix.com')).toBe('netflix.com');
  });
});

describe('absoluteUrl and squash', () => {
  it('percent-encodes Commons file URLs', () => {
    expect(
      absoluteUrl("https://commons.wikimedia.org/wiki/Special:FilePath/McDonald's square 2020.svg"),
    ).toBe("https://commons.wikimedia.org/wiki/Special:FilePath/McDonald's%20square%202020.svg");
    expect(absoluteUrl('ftp://example.com/x')).toBeNull();
  });

  it('squashes names to letters and digits', () => {
    expect(squash('Dr. Martens')).toBe('drmartens');
    expect(squash('H&M')).toBe('handm');
    expect(squash('Café Rouge')).toBe('caferouge');
  });
});
