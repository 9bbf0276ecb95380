/**
 * Bank wrappers of British, Irish, Australian and New Zealand banks: the same jobs as the American ones of
 * `wrappers.ts` (a card purchase, a direct debit, a transfer), in their own words. Faster Payments, standing
 * orders and Bank Giro credits are British; BPAY, EFTPOS and Osko Australian; `VDP-` Irish. The wording of
 * each is from the banks' statements and export files; the merchants and people in the examples are made up.
 */
import { currencyCodes } from '../normalize/home-country.js';
import type { WrapperRule } from './wrapper-rule.js';

const months = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC';
const currencies = currencyCodes.join('|');

/** A bank's internet or mobile banking, its short name first (`ANZ INTERNET BANKING`, `ANZ M-BANKING`). */
const bankingChannel = '(?:[A-Z]{2,5} )?(?:INTERNET|MOBILE|PHONE|M-) ?BANKING';

/** Leading wrappers abroad, each anchored and ending before the name. */
export const leadingWrappersAbroad: readonly WrapperRule[] = [
  {
    // Santander UK: `CARD PAYMENT TO <merchant>,<amount> <currency>, RATE 1.00/GBP ON 14-02-2024`.
    id: 'wrapper.card-payment-to',
    pattern:
      /^CARD (?:PAYMENT|PURCHASE|TRANSACTION) (?:TO|AT) (?=[A-Z0-9])|^CARD (?:REFUND|CREDIT) FROM (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'CARD PAYMENT TO THE ROYAL OAK,12.50 GBP, RATE 1.00/GBP ON 14-02-2024',
        expect: { name: 'THE ROYAL OAK', wrapper: 'wrapper.card-payment-to' },
      },
      { line: 'CARD PAYMENT TO HOLLY LANE FLORIST ON 03-11-2023', expect: { name: 'HOLLY LANE FLORIST' } },
    ],
  },
  {
    // Wise's statements and exports: `Card transaction of 12.50 GBP issued by <merchant> <TOWN>`, the amount
    // in the currency the merchant charged (or only its code), whose country the town is of.
    id: 'wrapper.card-transaction-issued-by',
    pattern: new RegExp(`^CARD TRANSACTION OF (?:[\\d.,]+ )?(?:${currencies}) ISSUED BY (?=[A-Z0-9])`),
    yields: { via: 'card', chargedCurrency: true },
    examples: [
      {
        // The town is of the currency's country, whatever the account's.
        line: 'Card transaction of 12.50 GBP issued by The Lamb And Flag LONDON',
        homeCountry: 'SE',
        expect: { name: 'THE LAMB AND FLAG', wrapper: 'wrapper.card-transaction-issued-by' },
      },
      {
        line: 'Card transaction of CNY issued by Harbour Noodle House',
        homeCountry: 'SE',
        expect: { name: 'HARBOUR NOODLE HOUSE', wrapper: 'wrapper.card-transaction-issued-by' },
      },
      {
        // The euro names no one country: the town is the account's country's.
        line: 'Card transaction of EUR issued by Le Petit Zinc PARIS',
        homeCountry: 'FR',
        expect: { name: 'LE PETIT ZINC', city: 'PARIS' },
      },
      {
        line: 'Card transaction of SEK issued by Ekbacken Bageri UPPSALA',
        expect: { name: 'EKBACKEN BAGERI' },
      },
    ],
  },
  {
    // Wise's transfers in and out: `Received money from <payer> with reference <reference>`, `Sent money to
    // <payee>`.
    id: 'wrapper.wise-money',
    pattern: /^(?:RECEIVED MONEY FROM|SENT MONEY TO) (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [
      {
        line: 'Received money from HARBOUR DESIGN LTD with reference INVOICE 1042',
        expect: { name: 'HARBOUR DESIGN LTD', wrapper: 'wrapper.wise-money' },
      },
    ],
  },
  {
    // Westpac: `WITHDRAWAL BY EFTPOS 0267513 <merchant> <store> <town> <day>/<month>`, the terminal's number first.
    id: 'wrapper.withdrawal-by-eftpos',
    pattern: /^WITHDRAWAL BY EFTPOS(?: \d+)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'WITHDRAWAL BY EFTPOS 0267513 WATTLE BAKERY ANNERLEY 02/04',
        homeCountry: 'AU',
        expect: { name: 'WATTLE BAKERY', wrapper: 'wrapper.withdrawal-by-eftpos' },
      },
    ],
  },
  {
    // A contactless tap or an Australian EFTPOS purchase: `Contactless Payment THE GREEN MAN LONDON GB`,
    // `EFTPOS PURCHASE BONDI BAKEHOUSE`, Kiwibank's `EFTPOS TRANSACTION`.
    id: 'wrapper.contactless',
    pattern:
      /^(?:CONTACTLESS|EFTPOS|EFT-POS)(?: (?:PAYMENT|PURCHASE|TRANSACTION|DEBIT|W\/D))?(?: AT)?(?: \d{2}\/\d{2}(?:\/\d{2,4})?)?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Contactless Payment THE GREEN MAN PUB LONDON GB',
        expect: { name: 'THE GREEN MAN PUB', city: 'LONDON' },
      },
      { line: 'EFTPOS PURCHASE BONDI BAKEHOUSE', expect: { name: 'BONDI BAKEHOUSE' } },
    ],
  },
  {
    // Irish banks' Visa debit codes: `VDP-` a purchase, `VDC-` a contactless one.
    id: 'wrapper.visa-debit-code',
    pattern: /^VD[PC] ?- ?(?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [{ line: 'VDP-THE BRAZEN LANTERN', expect: { name: 'THE BRAZEN LANTERN' } }],
  },
  {
    // NatWest and RBS: the card's last digits, the day, `C` (contactless) or `CD`, then comma-separated
    // parts: `4829 14FEB24 C , THE GREEN MAN PUB , LONDON GB`.
    id: 'wrapper.card-day-comma',
    pattern: new RegExp(`^'?\\d{4} \\d{2}(?:${months})\\d{2} (?:C |CD |D )?, (?=[A-Z0-9])`),
    yields: { via: 'card' },
    examples: [
      {
        line: "'4829 14FEB24 C , THE GREEN MAN PUB , LONDON GB",
        expect: { name: 'THE GREEN MAN PUB', city: 'LONDON' },
      },
    ],
  },
  {
    // A direct debit or credit, British, Australian or New Zealand: `DIRECT DEBIT PAYMENT TO <biller> REF ...,
    // MANDATE NO 12`, CommBank's `Direct Debit 123456 <biller>`, `Direct Credit 123456 <payer> <reference>`,
    // `D/D <biller>`, `D/C FROM <payer>`.
    id: 'wrapper.direct-entry',
    pattern:
      /^DIRECT (?:DEBIT|CREDIT)(?: PAYMENT)?(?: (?:TO|FROM))?(?: \d{4,})? (?=[A-Z0-9])|^D\/[DC](?: FROM)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'DIRECT DEBIT PAYMENT TO HARBOUR ENERGY LTD REF 123456789, MANDATE NO 0012',
        expect: { name: 'HARBOUR ENERGY LTD', display: 'Harbour Energy' },
      },
      { line: 'Direct Debit 062934 WATTLE GYM', expect: { name: 'WATTLE GYM' } },
    ],
  },
  {
    // A credit by BACS: Santander's `BANK GIRO CREDIT REF <payer>, <reference>`, Nationwide's `Bank credit <payer>`.
    id: 'wrapper.giro-credit',
    pattern: /^(?:BANK GIRO CREDIT|BGC|BANK CREDIT(?! CARD))(?: REF\.?)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'BANK GIRO CREDIT REF MERIDIAN TOOLING LTD, SALARY',
        expect: { name: 'MERIDIAN TOOLING LTD', display: 'Meridian Tooling' },
      },
    ],
  },
  {
    // Faster Payments and standing orders: `FASTER PAYMENTS RECEIPT REF.RENT FROM <payer>`, `STANDING ORDER VIA
    // FASTER PAYMENT TO <payee> REFERENCE ...`, `BILL PAYMENT VIA FASTER PAYMENT TO <payee> ...`; Australia's
    // `Fast Transfer From <payer>` and Osko payments.
    id: 'wrapper.faster-payment',
    pattern:
      /^(?:FASTER PAYMENTS? (?:RECEIPT|RECEIVED|PAYMENT|OUT|IN)(?: REF\.? ?(?:.{1,40}?(?= FROM )|\S+))?(?: (?:TO|FROM))?|(?:STANDING ORDER|BILL PAYMENT|TRANSFER) VIA FASTER PAYMENT (?:TO|FROM)|STANDING ORDER(?: (?:TO|FROM))?|(?:FAST|OSKO) (?:TRANSFER|PAYMENT) (?:TO|FROM)) (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [
      { line: 'FASTER PAYMENTS RECEIPT REF.RENT FROM ROWAN ASHBY', expect: { name: 'ROWAN ASHBY' } },
      // A reference of more than one word.
      { line: 'FASTER PAYMENTS RECEIPT REF.RENT SHARE FROM ROWAN ASHBY', expect: { name: 'ROWAN ASHBY' } },
      {
        line: 'STANDING ORDER VIA FASTER PAYMENT TO ELSIE MARCH REFERENCE RENT , MANDATE NO 12',
        expect: { name: 'ELSIE MARCH' },
      },
      { line: 'Fast Transfer From TOBIAS WREN', expect: { name: 'TOBIAS WREN' } },
    ],
  },
  {
    // PayTo, Australia's payment agreements: `PayTo Amazon AU Amazon purchase ...`.
    id: 'wrapper.payto',
    pattern: /^PAYTO (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'PayTo Koala Gym Membership', expect: { wrapper: 'wrapper.payto', display: 'Koala Gym' } },
    ],
  },
  {
    // A New Zealand bank's automatic payment (a standing order) by its number: `AP#12345678 TO <payee>`.
    id: 'wrapper.automatic-payment',
    pattern: /^(?:AP ?#?\d+|AUTOMATIC PAYMENT)(?: (?:TO|FROM))? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [{ line: 'AP#12345678 TO ELSIE MARCH', expect: { name: 'ELSIE MARCH' } }],
  },
  {
    // BPAY, Australia's bill payments: `INTERNET BPAY <biller> <reference>`, Westpac's `WITHDRAWAL ONLINE
    // 1234567 BPAY <biller>`, ANZ's `ANZ INTERNET BANKING BPAY <biller> {<reference>}`.
    id: 'wrapper.bpay',
    pattern: new RegExp(
      `^(?:${bankingChannel} |(?:INTERNET|MOBILE|ONLINE|NETBANK|PHONE) )?(?:WITHDRAWAL (?:ONLINE|MOBILE) \\d+ )?BPAY(?: TO)? (?=[A-Z0-9])`,
    ),
    yields: { via: 'bill-pay' },
    examples: [
      { line: 'INTERNET BPAY KOALA WATER 123456789', expect: { name: 'KOALA WATER' } },
      { line: 'ANZ INTERNET BANKING BPAY KOALA WATER {123456}', expect: { name: 'KOALA WATER' } },
    ],
  },
  {
    // A transfer from a bank's internet or mobile banking, its receipt number first: `ANZ INTERNET BANKING FUNDS
    // TFER TRANSFER 123456 TO <payee>`, `ANZ M-BANKING PAYMENT TRANSFER 123456 TO <payee>`.
    id: 'wrapper.banking-transfer',
    pattern: new RegExp(
      `^${bankingChannel} (?:FUNDS TFER|FUNDS TRANSFER|PAYMENT)(?: TRANSFER \\d+)?(?: (?:TO|FROM))? (?=[A-Z0-9])`,
    ),
    yields: { via: 'transfer' },
    examples: [
      {
        line: 'ANZ INTERNET BANKING FUNDS TFER TRANSFER 749433 TO HARBOUR ACADEMY',
        expect: { name: 'HARBOUR ACADEMY' },
      },
    ],
  },
  {
    // Westpac's online transfers, the receipt number first: `DEPOSIT ONLINE 1234567 TFR <payer>`.
    id: 'wrapper.online-receipt',
    pattern:
      /^(?:DEPOSIT|WITHDRAWAL)(?:-| )(?:ONLINE|MOBILE|OSKO) \d+ (?:TFR|PYMT|PAYMENT)(?: (?:TO|FROM))? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [{ line: 'DEPOSIT ONLINE 2901537 TFR TOBIAS WREN', expect: { name: 'TOBIAS WREN' } }],
  },
];

/** Trailing wrappers abroad: what the bank appends after the name. */
export const trailingWrappersAbroad: readonly WrapperRule[] = [
  {
    // Wise: the payer's reference after a transfer in (`... with reference INVOICE 1042`).
    id: 'wrapper.with-reference',
    pattern: / WITH REFERENCE\b.*$/,
    yields: { via: 'transfer', silent: true },
    examples: [
      {
        line: 'Received money from HARBOUR DESIGN LTD with reference SHOPIFY/SHOPIFY-FYS2F9FAO',
        expect: { name: 'HARBOUR DESIGN LTD' },
      },
    ],
  },
  {
    // CommBank's transfers to a payee from its app, by PayID or account: `Transfer To <payee> - $1 PayID Email
    // from CommBank App <reference>`, `Transfer To <payee> CommBank App Bill`; and a PayID credit's `... to
    // PayID Phone Reference`.
    id: 'wrapper.app-transfer',
    pattern:
      / (?:- \$[\d,.]+ )?(?:PAYID (?:EMAIL|PHONE|MOBILE|ABN|ORG ID) )?(?:FROM )?COMMBANK APP\b.*$| TO PAYID (?:EMAIL|PHONE|MOBILE|ABN|ORG ID)\b.*$/,
    yields: { via: 'transfer', silent: true },
    examples: [
      {
        line: 'Transfer To Wattle Airways Pty Ltd - $1 PayID Email from CommBank App WWGE6G',
        expect: { display: 'Wattle Airways' },
      },
      {
        line: 'Fast Transfer From Koala Books AU to PayID Phone Reference',
        expect: { name: 'KOALA BOOKS AU' },
      },
    ],
  },
  {
    // CommBank: `... Card xx1234 Value Date: 14/02/2024`, an amount abroad before the date (`USD 22.00`); the
    // date says nothing, the card comes next.
    id: 'wrapper.value-date',
    pattern: /(?: [A-Z]{3} [\d,]+\.\d{2})? VALUE DATE:? ?\d{2}\/\d{2}\/\d{2,4}$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'BONDI BAKEHOUSE SYDNEY NS AUS Card xx1234 Value Date: 14/02/2024',
        expect: { name: 'BONDI BAKEHOUSE', city: 'SYDNEY' },
      },
    ],
  },
  {
    // Barclays: `<merchant> ON 15 MAR BCC`, the day and the entry's code (`BCC`, `CPM`, `CLP` a card's), the
    // name sometimes again after it (`BOX LIMITED ON 07 APR BCC BOX LIMITED`).
    id: 'wrapper.on-day-month',
    pattern: new RegExp(
      ` ON \\d{1,2} (?:${months})(?: (?:BCC|CPM|CLP|BGC|DDR|STO|FT|TFR|DD|SO|BP)(?: .*)?)?$`,
    ),
    yields: { via: 'card', silent: true },
    examples: [{ line: 'THE CROWN INN          ON 15 MAR          BCC', expect: { name: 'THE CROWN INN' } }],
  },
  {
    // The amount in the merchant's currency after the place, its code before or after it (`... LONDON GB 12.50
    // GBP`, `... GBP 12.50`, `... 39.00 US DOLLAR`): no name's part, and the place is before it.
    id: 'wrapper.amount-currency',
    pattern: new RegExp(
      ` (?:(?:${currencies}) [\\d,]*\\d\\.\\d{2}|[\\d,]*\\d\\.\\d{2} (?:${currencies}|US DOLLARS?))$`,
    ),
    yields: { via: 'card', silent: true },
    examples: [
      { line: 'HARBOUR BOOKS LONDON GB 12.50 GBP', expect: { name: 'HARBOUR BOOKS', country: 'GB' } },
      { line: 'ROSAS TAQUERIA HOUSTON TX USD 12.50', expect: { name: 'ROSAS TAQUERIA', region: 'TX' } },
    ],
  },
  {
    // Santander UK's amount abroad: `...,12.50 EUR, RATE 1.1520/GBP ON 14-02-2024`.
    id: 'wrapper.amount-rate',
    pattern: / ?, ?[\d.,]+ [A-Z]{3}, RATE [\d.]+\/[A-Z]{3}(?= ON |$)/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'CARD PAYMENT TO CAFE LUMIERE,12.50 EUR, RATE 1.1520/GBP ON 14-02-2024',
        expect: { name: 'CAFE LUMIERE' },
      },
    ],
  },
  {
    // A direct debit's or standing order's reference and mandate: `... REF 123456789, MANDATE NO 0012`.
    id: 'wrapper.mandate',
    pattern: /(?: (?:REF|REFERENCE)\.? [^,]*?)? ?,? MANDATE NO\.? ?\d+$/,
    yields: { via: 'ach', silent: true },
    examples: [
      {
        line: 'DIRECT DEBIT PAYMENT TO HARBOUR ENERGY LTD REF 123456789, MANDATE NO 0012',
        expect: { name: 'HARBOUR ENERGY LTD', display: 'Harbour Energy' },
      },
    ],
  },
];
