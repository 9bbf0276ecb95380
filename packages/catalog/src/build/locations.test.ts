import { describe, expect, it } from 'vitest';
import { coverageLists, createLocationResolver } from './locations.js';

const known = new Set(['us', 'ca', 'gb', 'de', 'fr', 'it', 'es', 'no', 'se', 'mx', 'pl', 'cy']);
const resolve = createLocationResolver(known);

describe('NSI locationSet resolution', () => {
  it('reads country codes and the world', () => {
    expect(coverageLists(resolve({ include: ['us', 'ca'] }))).toEqual({
      countries: ['ca', 'us'],
      regions: [],
    });
    expect(resolve({ include: ['001'] }).global).toBe(true);
    expect(coverageLists(resolve({ include: ['001'] }))).toEqual({ countries: [], regions: [] });
  });

  it('turns custom US state shapes into regions of the US', () => {
    expect(coverageLists(resolve({ include: ['us-pa.geojson', 'us-ny-new_york_city.geojson'] }))).toEqual({
      countries: ['us'],
      regions: ['us-ny', 'us-pa'],
    });
    // A whole-country entry absorbs the regions of that country.
    expect(coverageLists(resolve({ include: ['us', 'us-ca.geojson'] }))).toEqual({
      countries: ['us'],
      regions: [],
    });
  });

  it('expands M49 regions into their countries, minus excluded countries', () => {
    const europe = coverageLists(resolve({ include: ['150'], exclude: ['no'] })).countries;
    expect(europe).toEqual(expect.arrayContaining(['de', 'fr', 'gb', 'it', 'pl', 'se']));
    expect(europe).not.toContain('no');
    expect(europe).not.toContain('us');
  });

  it('maps a sub-national feature to its country', () => {
    expect(coverageLists(resolve({ include: ['gb-eng'] })).countries).toEqual(['gb']);
  });

  it('places a point with a radius in its country', () => {
    expect(coverageLists(resolve({ include: [[-122.42, 37.77, 50]] })).countries).toEqual(['us']);
  });
});
