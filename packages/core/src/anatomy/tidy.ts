/**
 * The tidy stage of the anatomy: what a bank's fixed-width fields ran together comes apart (`REPAIR12 MAIN ST`,
 * `HOTELS.COM72345678901`, `BP#9384721CIRCLE`, a phone run into the state), masks and cut hosts go, and an
 * ellipsis the export left is no part of the name. Every later reading works on the tidy text.
 */
import { hostPattern, type PlaceGazetteer } from './location.js';
import { squeeze } from './squeeze.js';

export interface TidyLine {
  text: string;
  /** A host cut by the field (`WWW.DOORDASH.`) was taken off: the card was not present. */
  cutHost: boolean;
  /**
   * A masked number or a cut host stood where the town goes, right before the state or country code (an
   * aggregator's masking of every digit run: `PAYPAL *HARBORGEAR XXXXXX7733 HK`; `SP PARKER CLAY HTTPSPARKERCL CA`).
   */
  citySlotTaken: boolean;
}

/**
 * A masked card or account number, its issuer's first digits shown or not (`486831XXXXXX6803`); it may end in
 * an X of its own (Fifth Third's `XXXXXXXXXXXX396X`). An aggregator that masks every digit run masks a phone so
 * too (`XXX-XXX-0961`, `XXX-XXX0133`), or whole (`PUREKANA XXX-XXXXXXX NJ`).
 */
export const maskedNumber =
  /(?:\b\d{4,6})?(?:X{4,}|\*{4,}|\bX{3}-X{3}-?)\d{2,}(?:X(?![A-Z0-9]))?|\bX{3}-X{3}-?X{4}(?![A-Z0-9])/g;
/** A masked number right before the line's closing state or country code. */
const maskBeforeCode = new RegExp(`(?:${maskedNumber.source}) [A-Z]{2}$`);

/** `text` without a copy of its first words (eight characters or more) run into a state after them. */
function withoutNameAfterState(text: string): string {
  const head = text.slice(0, 8);
  if (head.length < 8) return text;
  const at = text.lastIndexOf(head);
  if (at < 12 || text[at - 3] !== ' ' || !/^[A-Z]{2}$/.test(text.slice(at - 2, at))) return text;
  return text.startsWith(text.slice(at)) ? text.slice(0, at) : text;
}

/** `whole` is the canonical line (upper case, single spaces). */
export function tidyLine(whole: string, gazetteer: PlaceGazetteer): TidyLine {
  let cutHost = false;
  let citySlotTaken = maskBeforeCode.test(whole);
  // A host the field cut, taken off; before a state it stood where the town goes.
  const takeCutHost = (host: string, at: number, line: string) => {
    cutHost = true;
    citySlotTaken ||= /^ [A-Z]{2}(?: |$)/.test(line.slice(at + host.length));
    return ' ';
  };
  let text = whole;
  // Looked for only where their words are (a lookbehind tried at every position costs on a long line).
  // An underscore joins words where a space would not fit the system (`TB_HAYMARKET_3114`, `1342_BROADWAY_KFC`);
  // after a seller's star it joins its product and the account (`GOOGLE *GSUITE_ACME.CO`): one token.
  if (text.includes('_')) text = text.replace(/(?<!\*[A-Z0-9]*)_/g, ' ');
  // Discover's wallet after the state, run into it (`DAYTONA BEACH FLAPPLE PAY ENDING IN 8015`), and its cash-over
  // note (`MOUNTAIN VIEWCACASHOVER $ 50.00 PURCHASES $ 15.80APPLE PAY ...`): the state, then the wallet.
  if (text.includes('CASHOVER '))
    text = text.replace(/(?<=[A-Z]{2})CASHOVER \$ ?[\d,.]+ PURCHASES \$ ?[\d,.]+(?=[A-Z]| |$)/, ' ');
  // The card's digits may have a reference run into them (`APPLE PAY ENDING IN 044402943R`).
  if (text.includes(' PAY ENDING IN'))
    text = text
      .replace(/(?<=[A-Z]{2})((?:APPLE|GOOGLE|SAMSUNG) PAY ENDING IN)\b/, ' $1')
      .replace(/( PAY ENDING IN \d{4})[A-Z0-9-]+(?= |$)/, '$1');
  // A phone of zeros fills the town's slot of a merchant that gave none (`HARBOUR LTD. 000-000-0000 BM`).
  if (text.includes(' 000-000-0000')) {
    citySlotTaken ||= / 000-000-0000 [A-Z]{2}$/.test(text);
    text = text.replace(/ 000-000-0000(?= |$)/, '');
  }
  // The name printed again run into the state that closes the place (Discover: `BHN*GIFTCARDS 877-944-3822
  // CABHN*GIFTCARDS`): the state, without the copy.
  text = withoutNameAfterState(text);
  // A long reference run into the state that closes the line (`DAYTONA BEACHFL00017819022535742933AA`).
  if (/\d{15}[A-Z]{0,3}$/.test(text.slice(-40))) text = text.replace(/(?<=[A-Z])\d{15,}[A-Z]{0,3}$/, '');
  // or one of digits then letters and digits (`SPOKANE WA94164987I06TCBRL`).
  else if (/ [A-Z]{2}\d{6}/.test(text.slice(-40)))
    text = text.replace(/(?<= [A-Z]{2})\d{6,}[A-Z][A-Z0-9]{5,}$/, '');
  // Digits run into a name (`REPAIR12 MAIN ST`, `HOTELS.COM72345678901`, `BP#9384721CIRCLE`) are a token of their own.
  text = text
    // A reference run into the name that starts the line (`2600337RBC PYT`): no name starts with seven digits.
    .replace(/^\d{7,}(?=[A-Z]{2})/, '')
    // A chain's store code first, its country's letters and a number, then a dash (`NL0168 - H&M GRONINGEN`).
    .replace(/^[A-Z]{2}\d{3,6} - (?=[A-Z])/, '')
    // The account's masked number first, before the bank's words (`XX1234 DDA PURCHASE ...`): no name's start.
    .replace(/^(?:X{2,}|\*{2,})\d{2,6} (?=[A-Z])/, '')
    // The ACH entry's kind run into the company (an aggregator's `ACH Electronic CreditGUSTO PAY 123456`).
    .replace(/^(ACH (?:ELECTRONIC )?(?:CREDIT|DEBIT))(?=[A-Z]{3})/, '$1 ')
    .replace(maskedNumber, ' ')
    // A mask alone (`DDA PURCHASE *XXXX XXXXXXXX FAMILY DOLLAR`): a card or account number hidden whole.
    .replace(/(?<![A-Z0-9])\*?X{4,}(?![A-Z0-9])/g, ' ')
    // Stars and a reference's last characters (`E-TFR ***BQB EPAY`): a transfer's reference, masked.
    .replace(/(?<![A-Z0-9*])\*{3,}[A-Z0-9]{1,4}(?![A-Z0-9])/g, ' ')
    .replace(/(?<!\d{6} |ID: ?)\b([A-Z]{3,})(\d{2,6}(?:-[A-Z])? [A-Z])/g, '$1 $2')
    // A line that is only a name and its store number run together (`NYCTAXI1234`, `H&M0123`).
    .replace(/^([A-Z&]{3,})(\d{3,6})$/, '$1 $2')
    // A name's last word (five letters or more: `RALEIGH NCUS07154` is a state's) and the store's number run
    // together at the end (`PETRO CANADA078`), not a code after a prefix (`AIRBNB * HMABCD1234`).
    .replace(/([A-Z] [A-Z]{5,})(\d{2,6} *)$/, '$1 $2')
    // Each run of letters is tried from its start only (the search stays linear on a long run).
    // Not an ACH id after its date (`250316 FPP16781226`), nor an id's own letters after its digits (`655051096396A6D`).
    .replace(/(?<![A-Z.])(?<!\d{6} )([A-Z.]{2,})(\d{7,})/g, '$1 $2')
    .replace(/(\d{7,})([A-Z]{4,}|[A-Z]{1,3}(?![A-Z0-9]))/g, '$1 $2')
    // A time run into the name by a dash (`POS W/D ROSAS TAQUERIA-12:31`).
    .replace(/-\d{1,2}:\d{2}(?=$| )/g, ' ')
    // A store number run into the name by its hash (`BP#9384721`).
    .replace(/\b([A-Z]{2,})#(?=\d)/g, '$1 #')
    // Not an order code after a star (`AMAZON MKTPL*OFI880PEL`).
    .replace(/(?<!\*)\b([A-Z]{3,})(\d{3,6})([A-Z]{3,})\b/, '$1 $2 $3')
    // A phone run into the name and the state (`MCDONAL855-973-1040`, `CAR855-973-1040CA`, a cut word's
    // last letter: `HAVENER C573-341-4993MO`).
    .replace(
      /(?<![A-Z])([A-Z]*)(\d{3}-\d{3}-?\d{4})(?:([A-Z]{2})\b|\b)/g,
      (_, name: string, phone: string, region?: string) => [name, phone, region].filter(Boolean).join(' '),
    )
    // Square's site, run into a name the field cut (`CHEYENNE COMMUNITY DEGOSQ.COM KS`).
    .replace(/(?<![A-Z])([A-Z]*)GOSQ\.COM\b/, '$1 ')
    // `CITY * ST` (TD Bank): the star only pads the field.
    .replace(/ \* ([A-Z]{2})$/, ' $1')
    // A host cut by the field and run into the state (`HELP.UBER.COCA`, `PEACOCKTV.CONY`, `INSTACART.COMCA`).
    .replace(/\.COM?([A-Z]{2})(?= |$)/, (match, region: string) =>
      gazetteer.regionCountry.has(region) ? `.COM ${region}` : match,
    )
    // A host cut by the field's width (`WWW.DOORDASH.`, `WWW.PARADISEMINIGOLF.C`, `HTTPSWWW.GIGC`): it names no one.
    .replace(/ HTTPS?(?::\/\/)?WWW\./g, ' WWW.')
    // The scheme run into a host without its `WWW.` (`HTTPSSHOP.OWL`, a shop's host cut); a `.COM` cut to
    // `.C` is made whole later (`HTTPSAMAZON.C WA`).
    .replace(/ HTTPS?(?::\/\/)?(?=[A-Z0-9-]+\.(?!C(?:OM?)?\b))/g, ' WWW.')
    .replace(/ WWW\.[A-Z0-9-]+(?:\.[A-Z0-9-]*)*(?= |$)/g, (host, at: number, line: string) =>
      hostPattern.test(host.trim()) ? host : takeCutHost(host, at, line),
    )
    // The scheme and a host the city's slot cut before its dot (`SP PARKER CLAY HTTPSPARKERCL CA`).
    .replace(/ HTTPS?[A-Z0-9-]{2,}(?= [A-Z]{2}(?: |$))/g, takeCutHost);

  // Apple Card's ZIP code run into the city or the state (`COLORADO CITY86021 AZ USA`, `99709-5454AK USA`).
  if (text.endsWith(' USA') || text.endsWith(' US')) {
    text = text
      .replace(/([A-Z])(\d{5}) ([A-Z]{2})(?= USA$| US$)/, '$1 $2 $3')
      .replace(/ (\d{5}(?:-\d{4})?)([A-Z]{2}) USA$/, ' $1 $2 USA');
  }
  text = text
    // A foreign amount and its rate after the place (Nationwide: `AQUILA NERA SESTRIERE IT 107.000000 EUR at 1.18481`).
    .replace(/ \d*\.\d+ [A-Z]{3} AT \d*\.\d+$/, '')
    // The payment service that started it from the payee's site (`HMRC SELF ASSESSMENT SHIPLEY VIA ECOSPEND
    // TECHNOLOGIES LIMITED`): no part of the payee.
    .replace(/ VIA [A-Z0-9&.' -]+? (?:LIMITED|LTD)$/, '')
    // A store's number padded with zeros before the name (`0155 FIRST WATCH PHOENIX AZ`).
    .replace(/^0\d{2,5} (?=[A-Z]{2})/, '')
    // An online sale said after the name (`LIVING SPACES E COMMERCE LA MIRADA CA`).
    .replace(/ E[- ]?COMMERCE(?= |$)/, ' ');
  // An ellipsis marks a name the export cut (`ISSAQUAH PEST & HOM...`): no part of it.
  text = squeeze(text.includes('...') ? text.replace(/\.{3,}/g, ' ') : text);
  return { text, cutHost, citySlotTaken };
}
