/**
 * The country an account's currency points to: where a line in that currency most likely happened when it
 * names no place (a Canadian bank's lines are in CAD). Only currencies of one country are listed; a line
 * without a currency is taken for a US one, as the interface's examples are.
 */
const countryOfCurrency: Readonly<Record<string, string>> = {
  USD: 'us',
  CAD: 'ca',
  GBP: 'gb',
  AUD: 'au',
  NZD: 'nz',
  MXN: 'mx',
  JPY: 'jp',
  INR: 'in',
  BRL: 'br',
  CHF: 'ch',
  SEK: 'se',
  NOK: 'no',
  DKK: 'dk',
  PLN: 'pl',
  CZK: 'cz',
  HUF: 'hu',
  SGD: 'sg',
  HKD: 'hk',
  KRW: 'kr',
  ZAR: 'za',
  ILS: 'il',
  TRY: 'tr',
  PHP: 'ph',
  CNY: 'cn',
  TWD: 'tw',
  THB: 'th',
  VND: 'vn',
  IDR: 'id',
  MYR: 'my',
  AED: 'ae',
  SAR: 'sa',
  QAR: 'qa',
  EGP: 'eg',
  MAD: 'ma',
  ISK: 'is',
  RON: 'ro',
  BGN: 'bg',
  COP: 'co',
  CLP: 'cl',
  PEN: 'pe',
  ARS: 'ar',
  UAH: 'ua',
};

/** The euro area's countries (upper-case alpha-2): an account in euros is in one of them. */
export const euroCountries: readonly string[] = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
];

/** The currency codes lines print beside an amount abroad: these and the euro's. */
export const currencyCodes: readonly string[] = [...Object.keys(countryOfCurrency), 'EUR'];

/** The countries (upper-case alpha-2) an account may be in when its currency is several countries' (EUR), else null. */
export function homeCountriesOf(currencyCode: string | null): readonly string[] | null {
  return currencyCode?.toUpperCase() === 'EUR' ? euroCountries : null;
}

/** Lower-case alpha-2 country of a currency's account; null for a currency of many countries (EUR) or unknown. */
export function homeCountryOf(currencyCode: string | null): string | null {
  if (!currencyCode) return 'us';
  return countryOfCurrency[currencyCode.toUpperCase()] ?? null;
}

/**
 * States abroad as card lines print them between the town and the country, in full or cut to two letters
 * (`SYDNEY NS AUS`, `Melbourne VI`), by upper-case alpha-2 country.
 */
export const statesAbroad: Readonly<Record<string, ReadonlySet<string>>> = {
  AU: new Set(['NSW', 'NS', 'VIC', 'VI', 'QLD', 'QL', 'SA', 'WA', 'TAS', 'TA', 'ACT', 'AC', 'NT']),
};
