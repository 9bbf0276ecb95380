/** Where the merchant is: what the body declares, else what the line prints, geocoded. */
import type { AnatomyLocation } from '../anatomy/anatomy.js';
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
