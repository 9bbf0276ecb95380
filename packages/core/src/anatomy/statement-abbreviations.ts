/**
 * Abbreviations statements print for common words of names (`ACE HDWE`, `SPROUTS FARMERS MKT`, `NATL GRID`):
 * the matcher reads the whole word, and a name no catalog entry holds is shown with it (`TIMES SUPERMKT`
 * is Times Supermarket).
 */
export const statementAbbreviations: ReadonlyMap<string, string> = new Map([
  ['mkt', 'market'],
  ['mtn', 'mountain'],
  ['mkts', 'markets'],
  ['supermkt', 'supermarket'],
  ['hdwe', 'hardware'],
  ['hdw', 'hardware'],
  ['natl', 'national'],
  ['intl', 'international'],
  ['svc', 'service'],
  ['svcs', 'services'],
  ['mgmt', 'management'],
  ['whse', 'warehouse'],
  ['phcy', 'pharmacy'],
  ['pharm', 'pharmacy'],
  ['ctr', 'center'],
  ['dept', 'department'],
  ['univ', 'university'],
  ['hosp', 'hospital'],
  ['elec', 'electric'],
  ['util', 'utilities'],
  ['rest', 'restaurant'],
  ['restau', 'restaurant'],
  ['stn', 'station'],
  ['mtge', 'mortgage'],
  ['assoc', 'associates'],
  ['assn', 'association'],
]);
