/** Where the merchant is: what the body declares, else what the line prints, geocoded. */
import type { AnatomyLocation } from '../anatomy/anatomy.js';
import type { PlaceGazetteer } from '../anatomy/location.js';
import type { Geography, Place } from '../lexicon.js';
import type { DeclaredPlace } from '../normalize/line.js';

/** The place of a party no line locates (bank lines). */
export const noPlace: Place = {
  city: null,
  region: null,
  country: null,
  postalCode: null,
  latitude: null,
  longitude: null,
};

export function placeOf(
  geography: Geography,
  declared: DeclaredPlace | null,
  printed: AnatomyLocation,
): Place {
  if (!declared) return noPlace;
  const place = geography.resolve({
    city: declared.city ?? printed.city,
    region: declared.region ?? printed.region,
    country: declared.country ?? printed.country,
    postalCode: declared.postalCode ?? printed.postalCode,
  });
  // Declared coordinates are more precise than any geocoding of the names.
  if (declared.latitude !== undefined && declared.longitude !== undefined) {
    place.latitude = declared.latitude;
    place.longitude = declared.longitude;
  }
  return place;
}

/** People enough that a business anywhere in the country may be named after the town (`SPRINGFIELD`). */
const LARGE_TOWN = 50_000;

/** Whether a name key is a town of `country` (lower-case alpha-2) that large, or nothing without a country. */
export function largeTownOf(
  gazetteer: Pick<PlaceGazetteer, 'townPopulation'>,
  country: string | null,
): ((key: string) => boolean) | undefined {
  if (!country) return undefined;
  const code = country.toUpperCase();
  return (key) => gazetteer.townPopulation(code, key.toUpperCase()) >= LARGE_TOWN;
}
