import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from './clean-name.js';

describe('the display name of a name no catalog entry names', () => {
  it.each([
    ['JOES PIZZA', "Joe's Pizza"],
    ['BIG AL S DELI', "Big Al's Deli"],
    ['BJS', "BJ's"],
    // Three letters and an S are an acronym; an S after an initial is an initial.
    ['DFS SAN FRANCISCO', 'DFS San Francisco'],
    ['BNS MTGE DEPT', 'BNS Mortgage Dept'],
    ['M S DEVSHREE', 'M S Devshree'],
    // A lone S last after a plural is a word the field cut.
    ['EBBY HALLIDAY REALTORS S', 'Ebby Halliday Realtors'],
    ['CURRENT ELECTRIC LLC', 'Current Electric'],
    ['HELIO BASIN BREWING COMP', 'Helio Basin Brewing'],
    ['HARBOUR PANTRY LIMITED', 'Harbour Pantry'],
    // A word the statement shortened, spelt out; not one of several words, nor in a name the field cut.
    ['HARBOR SUPERMKT', 'Harbor Supermarket'],
    ['HELLO SAIGON REST', 'Hello Saigon Restaurant'],
    ['REST STOP DINER', 'Rest Stop Diner'],
    ['LAKESIDE HOSP', 'Lakeside Hosp'],
    ['HARBOR INTL M', 'Harbor Intl M'],
    ['MA LIVS HANDELSBOLAG', 'Ma Livs'],
    ['NORDFJORD FOOD AB', 'Nordfjord Food'],
    // Three letters no English word starts or ends with are an acronym; a name or a word stays one.
    ['NRA', 'NRA'],
    ['ABC LIQUOR', 'ABC Liquor'],
    ['PHO 99', 'Pho 99'],
    ['KIM CLEANERS', 'Kim Cleaners'],
    // A state's code that is no word starts a public body's name.
    ['VA ABC STORE', 'VA ABC Store'],
    ['IL DEPT OF REVEN', 'IL Dept of Reven'],
    // Titles and saints.
    ['ST. ELMO STEAK HOUSE', 'St. Elmo Steak House'],
    ['DR. JOHN SMITH DDS', 'Dr. John Smith DDS'],
    // A site is named without its domain; a surname is no possessive.
    ['CUBETRACKER.COM', 'Cubetracker'],
    ['KELLER WILLIAMS R', 'Keller Williams R'],
    // Small words inside the name, a last word capitalised.
    ['HOUSE OF THE RISING SUN', 'House of the Rising Sun'],
    ['CHEYENNE COMMUNITY DE', 'Cheyenne Community De'],
  ])('%s -> %s', (name, display) => {
    expect(cleanDisplayName(name)).toBe(display);
  });
});
