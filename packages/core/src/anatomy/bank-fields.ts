/**
 * Fielded bank lines: ACH entries as banks print the NACHA fields, wires, and
 * P2P lines. Each row names the group holding the other party (the ACH
 * company, the wire originator or beneficiary, the person paid), and the
 * group holding the ACH entry description when there is one.
 */

import { isEntry, purposeOf } from './ach-entries.js';
import type { Rule } from './rules.js';
import type { Via } from './wrapper-rule.js';

export interface FieldsYield {
  via: Via;
  /** The capture group holding the other party. */
  party: number;
  /** The capture group holding the ACH entry description (`PAYROLL`, `AUTOPAY`), when the line has one. */
  entry?: number;
  /** The line ends in the receiver's name: a town and its state there are a card merchant's place instead. */
  receiverLast?: true;
  /** Only on a line no bank wording wraps (the fields printed as they stand). */
  unwrapped?: true;
}

/**
 * A row and the words a line must have for its pattern to be worth trying: every row's anchor, in one
 * alternation, is the cheap test that lets most card lines skip the table.
 */
export interface FieldsRule extends Rule<FieldsYield> {
  anchor: RegExp;
}

/** The receiver's name after a number ends the line (`... 250750445208178 MARCO REYES`), or `LAST, FIRST`. */
const receiverAfterNumber = / \d{9,} [A-Z'.-]+(?: [A-Z'.-]+){1,3}$/;
const receiverLastFirst = /, ?[A-Z'. -]+$/;

/** The labels of a Dutch SEPA entry's fields after the party's name (ABN AMRO runs one into the name). */
const sepaLabels = 'OMSCHRIJVING|MACHTIGING|KENMERK|IBAN|BIC|VOOR|INCASSANT|REFERENTIE|BETALINGSKENM';

/**
 * PayPal paying from the bank (`INST XFER`), the individual's id naming whom it paid in letters (`APPLE.COM
 * BILL`, `HULU`, a person), not a code: group 1 the entry, group 2 the payee.
 */
export const paidThroughPaypal =
  /^(?:ORIG CO NAME: ?PAYPAL\b.*?CO ENTRY DESCR: ?|PAYPAL DES: ?)(INST XFER)(?:.*?IND ID: ?| ID: ?)([A-Z][A-Z .*&'/-]*?)(?= ORIG ID:| IND NAME:| INDN:| CO ID:| TRN:|$)/;

/**
 * The same entry in Chase's ACH columns, whom PayPal paid in the individual's column (`PAYPAL  INST XFER  STOCKX
 * 14551238 WEB ID: PAYPALSI77`): group 1 the payee, its letters.
 */
export const paidThroughPaypalColumns =
  /^PAYPAL INST XFER ([A-Z][A-Z .*&'/-]*?)(?: [A-Z0-9]*\d[A-Z0-9]*)? (?:WEB|PPD|CCD|TEL) ID:/;

/**
 * The same entry as Wells Fargo prints it, the date after the entry, then the individual's id (whom PayPal
 * paid, 15 characters at most, the longest that leaves two or three words) and the account holder's name
 * (`PAYPAL INST XFER 160627 AIRBNB MATIAS BORDESE`): group 1 the entry, group 2 the payee.
 */
export const paidThroughPaypalDated =
  /^PAYPAL (INST XFER) \d{6} ([A-Z][A-Z0-9 .*&'/-]{0,14}) [A-Z'.-]{2,}(?: [A-Z'.-]{2,}){1,2} *$/;

export const bankFields: readonly FieldsRule[] = [
  {
    // ABN AMRO's SEPA entries, fields labelled in Dutch (the payment's processor after the name: `<shop> via
    // Mollie`): `SEPA Incasso algemeen doorlopend Incassant:
    // NL01ZZZ... Naam: <company> Machtiging: ...` (a direct debit), `SEPA iDEAL IBAN: ... Naam: <shop>
    // Omschrijving: ...` (an online payment), `SEPA Overboeking IBAN: ... Naam: <payee>` (a transfer).
    id: 'fields.sepa-incasso',
    anchor: /^SEPA INCASSO\b/,
    pattern: new RegExp(
      `^SEPA (INCASSO [A-Z ]+?) (?:INCASSANT|IBAN|BIC)\\b.*?NAAM: ?(.+?)(?: VIA [A-Z .]+?)?(?: ?(?:${sepaLabels}):.*|$)`,
    ),
    yields: { via: 'ach', party: 2, entry: 1 },
    examples: [
      {
        line: 'SEPA Incasso algemeen doorlopend Incassant: NL01ZZZ012345678901  Naam: POLDER ENERGIE B.V.Machtiging: 012345678901',
        expect: { name: 'POLDER ENERGIE B.V.' },
      },
    ],
  },
  {
    id: 'fields.sepa-ideal',
    anchor: /^SEPA IDEAL\b/,
    pattern: new RegExp(
      `^SEPA (IDEAL) (?:IBAN|BIC)\\b.*?NAAM: ?(.+?)(?: VIA [A-Z .]+?)?(?: ?(?:${sepaLabels}):.*|$)`,
    ),
    yields: { via: 'bill-pay', party: 2, entry: 1 },
    examples: [
      {
        line: 'SEPA iDEAL IBAN: NL01RABO0123456789 BIC: RABONL2U Naam: Fietsenwinkel Noord Omschrijving: Order 123456',
        expect: { name: 'FIETSENWINKEL NOORD' },
      },
    ],
  },
  {
    id: 'fields.sepa-overboeking',
    anchor: /^SEPA (?:OVERBOEKING|PERIODIEKE OVERB)/,
    pattern: new RegExp(
      `^SEPA (OVERBOEKING|PERIODIEKE OVERB[A-Z]*) (?:IBAN|BIC)\\b.*?NAAM: ?(.+?)(?: VIA [A-Z .]+?)?(?: ?(?:${sepaLabels}):.*|$)`,
    ),
    yields: { via: 'transfer', party: 2, entry: 1 },
    examples: [
      {
        line: 'SEPA Overboeking IBAN: NL01RABO0123456789 BIC: RABONL2U Naam: Praktijk de Linde Omschrijving: nota 0123',
        expect: { name: 'PRAKTIJK DE LINDE' },
      },
    ],
  },
  {
    // The same entries as slash-separated tags (`/TRTP/<kind>/.../NAME/<party>/REMI/...`), as ABN AMRO lists
    // its latest ones and the Dutch banks' MT940 files do.
    id: 'fields.sepa-tags',
    anchor: /^\/?TRTP\//,
    pattern: /^\/?TRTP\/([^/]+)\/.*?\/NAME\/([^/]+?)(?: VIA [^/]+)?(?:\/|$)/,
    yields: { via: 'transfer', party: 2, entry: 1 },
    examples: [
      {
        line: '/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL00ZZZ123456789012/NAME/Polder Energie B.V./MARF/AB0123/REMI/Termijn/IBAN/NL00INGB0123456789/BIC/INGBNL2A/EREF/AB0123456789',
        expect: { name: 'POLDER ENERGIE B.V.' },
      },
    ],
  },
  {
    // PayPal paying from the bank (`INST XFER`) puts whom it paid in the individual's id: a shop (`APPLE.COM
    // BILL`, `HULU`) or a person. That is the party; PayPal stands between.
    id: 'fields.paypal-paid',
    anchor: /PAYPAL\b.*INST XFER\b/,
    pattern: paidThroughPaypal,
    yields: { via: 'ach', party: 2, entry: 1 },
    examples: [
      {
        line: 'ORIG CO NAME:PAYPAL           CO ENTRY DESCR:INST XFER  SEC:WEB IND ID:APPLE.COM BILL  ORIG ID:PAYPALSI77',
        expect: { name: 'APPLE.COM' },
      },
      { line: 'PAYPAL DES:INST XFER ID:HULU INDN:JANE DOE CO ID:PAYPALSI77 WEB', expect: { name: 'HULU' } },
    ],
  },
  {
    id: 'fields.paypal-paid-dated',
    anchor: /^PAYPAL INST XFER \d{6} /,
    pattern: paidThroughPaypalDated,
    yields: { via: 'ach', party: 2, entry: 1 },
    examples: [
      { line: 'PAYPAL INST XFER 160627 AIRBNB MATIAS BORDESE', expect: { name: 'AIRBNB' } },
      { line: 'PAYPAL INST XFER 160627 JOHN SMITH MATIAS BORDESE', expect: { name: 'JOHN SMITH' } },
    ],
  },
  {
    // Chase's real-time payments, labelled: `REAL TIME TRANSFER RECD FROM ABA/021000021 FROM: <party> REF: ...`.
    id: 'fields.real-time-labelled',
    anchor: /^REAL TIME (?:TRANSFER|PAYMENT)\b/,
    pattern:
      /^REAL TIME (?:TRANSFER|PAYMENT) (?:RECD|RECEIVED|SENT)\b.*? (?:FROM|TO): ?(.+?)(?= REF:| INFO:| IID:|$)/,
    yields: { via: 'transfer', party: 1 },
    examples: [
      {
        line: 'REAL TIME TRANSFER RECD FROM ABA/021000021 FROM: PAYPAL REF: 22090701072367470 INFO:  IID: 20220906021000021P1BRJPM00040078616',
        expect: { name: 'PAYPAL' },
      },
    ],
  },
  {
    id: 'fields.ach-orig-co-name',
    // The fields come in more than one order, some empty (`DESC DATE: CO ENTRY DESCR:`), and a feed may cut
    // the line before the entry (`ORIG CO NAME:UNITEDHEALTHONE ORIG ID:9005900018 DESC DATE:250`).
    anchor: /ORIG CO NAME:/,
    pattern:
      /ORIG CO NAME: ?(.+?) (?=ORIG ID:|DESC DATE:|CO ENTRY DESCR:)(?:.*?CO ENTRY DESCR: ?(.+?)(?: ?SEC:| IND ID:| ORIG ID:| TRACE#|$))?/,
    yields: { via: 'ach', party: 1, entry: 2 },
    examples: [
      {
        line: 'ORIG CO NAME:ACME CORP ORIG ID:1234567890 DESC DATE:240214 CO ENTRY DESCR:PAYROLL SEC:PPD TRACE#:021000021234567 EED:240215 IND ID:EMP123 IND NAME:JANE DOE TRN: 0451234567TC',
        expect: { name: 'ACME CORP' },
      },
      {
        line: 'ORIG CO NAME:STRIPE           CO ENTRY DESCR:TRANSFER   SEC:CCD IND ID:ST-S7U3D4S9F9G3 ORIG ID:1800948492',
        expect: { name: 'STRIPE' },
      },
      {
        line: 'ORIG CO NAME:HARBOR MUTUAL ORIG ID:9005900018 DESC DATE:250',
        expect: { name: 'HARBOR MUTUAL' },
      },
    ],
  },
  {
    // The company first, then the kind of entry: `Withdrawal JOSEPH DELA MASA CO: JOSEPH DELA MASA TYPE: IAT PAYPAL`.
    id: 'fields.ach-co-type',
    anchor: / CO: /,
    pattern: /CO: ?(.+?) TYPE: ?(.+?) ID: ?\S+/,
    yields: { via: 'ach', party: 1, entry: 2 },
    examples: [
      {
        line: 'Withdrawal JOSEPH DELA MASA CO: JOSEPH DELA MASA TYPE: IAT PAYPAL ID: 770510487C',
        expect: { name: 'JOSEPH DELA MASA' },
      },
    ],
  },
  {
    id: 'fields.ach-des',
    anchor: /DES:/,
    pattern: /^(.+?) DES: ?(.+?)(?: ID:| INDN:| CO ID:| PPD$| CCD$| WEB$|$)/,
    yields: { via: 'ach', party: 1, entry: 2 },
    examples: [
      {
        line: 'GEICO DES:AUTOPAY ID:XXXXX6612 INDN:MARIA GARCIA CO ID:XXXXX62722 PPD',
        expect: { name: 'GEICO' },
      },
    ],
  },
  {
    // PNC: `ACH CREDIT RECEIVED - Cust ID: 897001 Desc: PAYROLL Comp Name: GRANITE STATE EL Comp ID: ...`.
    id: 'fields.ach-comp-name',
    anchor: /COMP NAME:/,
    pattern: /DESC: ?(.+?) COMP NAME: ?(.+?)(?: COMP ID:.*|$)/,
    yields: { via: 'ach', party: 2, entry: 1 },
    examples: [
      {
        line: 'ACH CREDIT RECEIVED - Cust ID: 897001 Desc: PAYROLL Comp Name: GRANITE STATE EL Comp ID: 5512345678',
        expect: { name: 'GRANITE STATE EL' },
      },
    ],
  },
  {
    // `DEPOSIT BLUE SKY HVAC LLC TYPE: PAYROLL ID: 3290008865 CO: BLUE SKY HVAC LLC %% ACH ECC PPD`.
    id: 'fields.ach-type-co',
    anchor: / CO: /,
    pattern:
      /TYPE: ?(.+?) (?:ID: ?\S+ )?CO: ?(?! ?ENTRY CLASS CODE:)(.+?)(?: %%.*| ACH .*| NAME:.*| ENTRY CLASS CODE:.*|$)/,
    yields: { via: 'ach', party: 2, entry: 1 },
    examples: [
      {
        line: 'DEPOSIT BLUE SKY HVAC LLC TYPE: PAYROLL ID: 3290008865 CO: BLUE SKY HVAC LLC %% ACH ECC PPD',
        expect: { name: 'BLUE SKY HVAC LLC', display: 'Blue Sky HVAC' },
      },
      // The receiver's name follows the company's: it is the account holder, not the party.
      {
        line: 'WITHDRAWAL HARBOR LAWN CARE TYPE: WEB PMTS ID: 0000007041 CO: HARBOR LAWN CARE NAME: DANA K WELLS',
        expect: { name: 'HARBOR LAWN CARE' },
      },
      // The company cut to its first letter before the fields, and no id.
      { line: 'Withdrawal ACH H TYPE: DONATION CO: HOPE CHAPEL', expect: { name: 'HOPE CHAPEL' } },
    ],
  },
  {
    // The company field left empty (`CO: Entry Class Code: PPDACH`): the company is the one the core printed
    // before the fields, after the kind of entry.
    id: 'fields.ach-entry-company-type',
    anchor: / TYPE: /,
    pattern: /^(?!WIRE\b)(?:.*?\b(?:DEPOSIT|WITHDRAWAL) ACH )?(.+?) TYPE: ?(.+?) (?:ID|DATA): /,
    yields: { via: 'ach', party: 1, entry: 2 },
    examples: [
      {
        line: 'ACH Deposit:  Deposit ACH HARBORLOGISTICS TYPE: PAYROLL ID: 6131502798 DATA: DIRECT DEPOSIT CO: Entry Class Code: PPDACH Trace Number: 02100002247189',
        expect: { name: 'HARBORLOGISTICS' },
      },
      {
        line: 'Deposit ACH HARBOR BISTRO TYPE: PAYROLL ID: 6131502798 DATA: DIRECT DEPOSIT CO: Entry Class Code: PPDACH',
        expect: { name: 'HARBOR BISTRO' },
      },
    ],
  },
  {
    id: 'fields.ach-sec-id',
    anchor: / ID: ?\S+$/,
    pattern: /^(.+?) (?:PPD|CCD|WEB|TEL|CTX) ID: ?\S+/,
    yields: { via: 'ach', party: 1 },
    examples: [{ line: 'CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224', expect: { name: 'CHASE' } }],
  },
  {
    // The NACHA fields printed as they stand: the company (16 characters), a slash, the entry description
    // (10) and the receiver, cut (`IRS/USATAXPYMT LAW OFFICE OF`, `HARTFORD LIFE AN/PREMRMB103`). Only on a
    // line no bank wording wraps: a slash is a merchant's own on a card line (`PAXTON GATE INC/766 VA`,
    // `CVS/PHARMACY #02134 BOSTON MA`), and part of a P2P line's wording (`MOBILE/EMAIL TRANSFER`).
    id: 'fields.ach-company-slash-entry',
    // Not a cash machine's `W/D` (withdrawal: `TD ATM W/D 005295`), nor two letters, a name's own (`RE/MAX`,
    // `AC/DC`): no company is that short.
    anchor: /^(?!MOBILE\/)(?![A-Z &'-]* W\/D\b)[A-Z][A-Z &'-]{1,14}[A-Z]\/[A-Z0-9]/,
    pattern:
      /^(?!MOBILE\/)(?![A-Z &'-]* W\/D\b)([A-Z][A-Z &'-]{1,14}[A-Z])\/([A-Z0-9][A-Z0-9 .-]{0,9})(?= |$)/,
    yields: { via: 'ach', party: 1, entry: 2, unwrapped: true },
    examples: [
      { line: 'IRS/USATAXPYMT LAW OFFICE OF', expect: { name: 'IRS' } },
      { line: 'NEW YORK CENTRAL/EFT DEBIT', expect: { name: 'NEW YORK CENTRAL' } },
      { line: 'AMEX EPAYMENT/ACH PMT JMF LAW', expect: { name: 'AMEX' } },
      { line: 'CVS/PHARMACY #02134 BOSTON MA', expect: { name: 'CVS/PHARMACY', city: 'BOSTON' } },
      // A store number last: a card merchant's slash.
      { line: 'CVS/PHARM 77089', expect: { name: 'CVS/PHARM' } },
    ],
  },
  {
    // Wells Fargo: company and entry, the effective date, an id, and the receiver (`LAST, FIRST` or `FIRST LAST`).
    id: 'fields.ach-dated-receiver',
    // The id may end in letters of its own (`502043594828KJB RUSK,KATHERINE B`).
    anchor: new RegExp(
      ` (?:\\d{6}|[A-Z]{3} \\d{1,2}) (?:\\S*\\d\\S* ){1,2}[A-Z'.-]+(?: [A-Z'.-]+){1,3}$|${receiverLastFirst.source}`,
    ),
    pattern:
      /^(.+?) (?:\d{6}|[A-Z]{3} \d{1,2}) (?:(?:\S+(?: [A-Z]{1,3})? )?[A-Z'.-]+, ?[A-Z'. -]+|(?:(?=\S*\d)\S+ ){1,2}[A-Z'.-]+(?: [A-Z'.-]+){1,3})$/,
    yields: { via: 'ach', party: 1, receiverLast: true },
    examples: [
      { line: 'CAPITAL ONE CRCARDPMT 240914 33KE1YG6 OBRIEN, KEVIN', expect: { name: 'CAPITAL ONE' } },
      { line: 'SPIRE MISSOURI GASPMT 240820 64906 MIGUEL CARTER', expect: { name: 'SPIRE MISSOURI' } },
      {
        line: 'BLUE RIDGE HEALTH DIRECT DEP 170815 502043594828KJB RUSK,KATHERINE B',
        expect: { name: 'BLUE RIDGE HEALTH' },
      },
      // A masked id reads as nothing.
      { line: 'HARBOR TECHNOLOG PAYROLL 240315 XXXXX1234 SMITH, JOHN', expect: { name: 'HARBOR TECHNOLOG' } },
      // A town and its state last are a card merchant's place (a card export's `TARGET 025817 ... SAN JOSE CA`).
      {
        line: 'HARBOR GOODS 025817 09100025817SAN JOSE CA',
        expect: { name: 'HARBOR GOODS', city: 'SAN JOSE' },
      },
      // The date as a month and day; ids with letters of their own.
      { line: 'LAKESIDE BANK PAYMENT Mar 27 601919129302080 REYES,MARCO', expect: { name: 'LAKESIDE BANK' } },
      { line: 'ORCHARD FBT PAYMENT 250316 FPP16781226 REYES MARCO', expect: { name: 'ORCHARD FBT' } },
      {
        line: 'HARBOR FUEL INC. DIRECT DEP 141230 655051096396A6D MALLORY,PETER',
        expect: { name: 'HARBOR FUEL INC.' },
      },
    ],
  },
  {
    // The same without the date: company, a payroll or bill entry, an id, and the receiver.
    id: 'fields.ach-entry-receiver',
    anchor: new RegExp(
      ` (?:DEP|PAYROLL|PAYRLL|SALARY|PAY|PAYMENT|PMT|PYMT|EPAY|PREM|RENT|TRANSFER|TRNSFR) \\S*\\d|${receiverAfterNumber.source}|${receiverLastFirst.source}`,
    ),
    pattern:
      /^(.+?) (?:DIRECT DEP|DIR DEP|PAYROLL|PAYRLL|SALARY|NET PAY|PAYMENT|PMT|EPAY|AUTOPAY|ONLINE ?PMT|ONLINE ?PYMT|WEB ?PYMT|INS PREM|UTIL PMT|BILL PMT|RENT|TRANSFER|ACH TRNSFR)(?: \d{6})? (?:(?=\S*\d)\S+ )?(?!TO |FROM )(?:[A-Z'.-]+, ?[A-Z'. -]+|[A-Z'.-]+(?: [A-Z'.-]+){1,3})$/,
    yields: { via: 'ach', party: 1, receiverLast: true },
    examples: [
      { line: 'HARBOR TECHNOLOG DIRECT DEP Y6Q SMITH JOHN A', expect: { name: 'HARBOR TECHNOLOG' } },
      { line: 'LAKESIDE BANK ONLINEPYMT 250750445208178 MARCO REYES', expect: { name: 'LAKESIDE BANK' } },
      { line: 'PAYHUB TRANSFER ST-D5Q2K4C2Z3F6 ALBERTO RODRIGUEZ MONTA', expect: { name: 'PAYHUB' } },
      // A masked id reads as nothing.
      {
        line: 'MA Claremont Rent 221028 XXXXX3700 Alberto Rodriguez Monta',
        expect: { name: 'MA CLAREMONT' },
      },
    ],
  },
  {
    // Fifth Third: company and entry, an id, the receiver (or none), and the effective date (MMDDYY) last.
    id: 'fields.ach-receiver-dated',
    anchor: / (?=[A-Z]*\d)[A-Z0-9]{8,}(?: [A-Z][A-Z'.&-]*){0,5} (?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])\d{2}$/,
    pattern:
      /^(.+?) (?=[A-Z]*\d)[A-Z0-9]{8,}(?: [A-Z][A-Z'.&-]*){0,5} (?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])\d{2}$/,
    yields: { via: 'ach', party: 1 },
    examples: [
      {
        line: 'HARBOR PAYROLL INC. PAYROLL AORC64ZXRHTFPFO MAPLE CHILD CARE 010424',
        expect: { name: 'HARBOR PAYROLL INC.' },
      },
      { line: 'LAKESIDE GAS UTIL PMT 910102034590 011824', expect: { name: 'LAKESIDE GAS' } },
      {
        line: 'RIVERSIDE STATE KYPAYMENTS 202401085917710 The Maple 010924',
        expect: { name: 'RIVERSIDE STATE KYPAYMENTS' },
      },
    ],
  },
  {
    id: 'fields.wire-party',
    anchor: /ORIG:|BNF:|BENEFICIARY:|ORIGINATOR:|B\/O:|BENE:|A\/C:|\/ORG=|\/BNF=/,
    pattern:
      /(?:^|\b|\/)(?:ORIG|ORG|BNF|BENEFICIARY|ORIGINATOR|B\/O|BENE|A\/C)[:=]\s*(.+?)(?: ID:| SND BK:| BNF BK:| PMT DET:| OBI:| REF:| ORIG ID:| AC\/| ADDR:| SRF#| IMAD:| TRN:|$)/,
    yields: { via: 'wire', party: 1 },
    examples: [
      {
        line: 'WIRE TYPE:WIRE IN DATE: 240214 TIME:0912 ET TRN:2024021400123456 SEQ:1234567/123456 ORIG:NORTHWIND TRADERS LLC ID:123456789 SND BK:JPMORGAN CHASE BANK, NA ID:0002 PMT DET:INVOICE 4411',
        expect: { name: 'NORTHWIND TRADERS LLC' },
      },
      {
        line: 'WT FED#71811 CITIZENS BANK, N.A. /ORG=JENNIFER LI SRF# TKJYCLHNEQJ22V TRN#215823949077 RFB# 4TQ0XZ2KLM',
        expect: { name: 'JENNIFER LI' },
      },
      {
        line: 'ONLINE DOMESTIC WIRE TRANSFER VIA: KEYBANK NATIONAL ASSOCIATION/063628002 A/C: JI-WOO PATEL DENVER CO REF: INVOICE IMAD: 0214MMQFMP2N012345 TRN: 1234567890ES',
        expect: { name: 'JI-WOO PATEL', city: 'DENVER' },
      },
    ],
  },
  {
    // Chase's fielded Zelle lines: `Zelle Debit PAY ID:CTI4mHKTinfb ORG ID:JPM NAME:GRANT HOLLOWAY`.
    id: 'fields.zelle-name-field',
    anchor: /ZELLE/,
    pattern: /ZELLE (?:DEBIT|CREDIT|PAYMENT) PAY ID: ?\S+ ORG ID: ?\S+ NAME: ?(.+)$/,
    yields: { via: 'p2p', party: 1 },
    examples: [
      {
        line: 'Zelle Debit PAY ID:CTI4mHKTinfb ORG ID:JPM NAME:GRANT HOLLOWAY',
        expect: { name: 'GRANT HOLLOWAY', display: 'Grant Holloway' },
      },
    ],
  },
  {
    // The person first, then the kind of entry: `PATRICK WELL : Zelle Credit PAY ID:JPM99bvx3puf ORG ID:JPM`.
    id: 'fields.zelle-colon-entry',
    anchor: /ZELLE/,
    pattern: /^(.+?) : ZELLE (?:CREDIT|DEBIT|PAYMENT)\b/,
    yields: { via: 'p2p', party: 1 },
    examples: [
      {
        line: 'PATRICK WELL : Zelle Credit PAY ID:JPM99bvx3puf ORG ID:JPM',
        expect: { name: 'PATRICK WELL' },
      },
    ],
  },
  {
    // Bank of America's person-to-person lines: `Mobile/Email Transfer Conf# j5rxgrjpe; Reyes, Daniel`,
    // `Zelle Transfer Conf# ...; NAME` (after the transfer wrapper, only `Conf# ...; NAME` is left).
    id: 'fields.conf-semicolon-party',
    anchor: /CONF# ?\S*; /,
    pattern: /^(?:(?:MOBILE\/EMAIL|ONLINE BANKING|ZELLE) TRANSFER )?CONF# ?\S*; (.+)$/,
    yields: { via: 'p2p', party: 1 },
    examples: [
      {
        line: 'Mobile/Email Transfer Conf# j5rxgrjpe; Reyes, daniel',
        expect: { name: 'DANIEL REYES', display: 'Daniel Reyes' },
      },
      { line: 'Zelle Transfer Conf# XXXXX8202; MINH T LE', expect: { name: 'MINH T LE' } },
      { line: 'Online Banking Transfer Conf# 1hojsfrn6; REYES, OMAR', expect: { name: 'OMAR REYES' } },
    ],
  },
  {
    // Capital One 360 names the person first: `LUIS ORTEGA Zelle Money Received`.
    id: 'fields.zelle-person-first',
    anchor: /ZELLE/,
    pattern: /^(.+?) ZELLE (?:MONEY |PAYMENT )?(?:SENT|RECEIVED)$/,
    yields: { via: 'p2p', party: 1 },
    examples: [{ line: 'LUIS ORTEGA Zelle Money Received', expect: { name: 'LUIS ORTEGA' } }],
  },
  {
    id: 'fields.real-time-payment',
    // Chase prints the sender's bank first and the party as a field (`... FROM ABA/CONTR BNK-021000021 FROM: NAME REF: ...`).
    anchor: /^(?:REAL TIME|RTP|INSTANT) /,
    pattern:
      /^(?:REAL TIME|RTP|INSTANT) (?:PAYMENT|PMT|TRANSFER|CREDIT|DEBIT)(?: RECD| SENT)?(?: TO| FROM)(?: .*? (?:FROM|TO):)? (.+?)(?: REF:.*| INFO:.*)?$/,
    yields: { via: 'transfer', party: 1 },
    examples: [
      { line: 'REAL TIME PAYMENT TO GREG LINDQVIST', expect: { name: 'GREG LINDQVIST' } },
      {
        line: 'REAL TIME TRANSFER RECD FROM ABA/CONTR BNK-021000021 FROM: ROSA DIAZ REF: 123ABC INFO: RENT',
        expect: { name: 'ROSA DIAZ' },
      },
    ],
  },
  {
    // Chime's transfers between its members.
    id: 'fields.pay-anyone',
    anchor: /^PAY ANYONE /,
    pattern: /^PAY ANYONE (?:TRANSFER )?(?:TO|FROM) (.+)$/,
    yields: { via: 'p2p', party: 1 },
    examples: [{ line: 'Pay Anyone Transfer to JOHN SMITH', expect: { name: 'JOHN SMITH' } }],
  },
  {
    id: 'fields.zelle',
    anchor: /ZELLE/,
    pattern:
      /ZELLE(?: SCHEDULED PAYMENT| RECURRING PAYMENT| MONEY SENT| MONEY RECEIVED| PAYMENT| PMT| TRANSFER| INSTANT PMT| SEND| RECEIVED| SENT| DR| CR| DEBIT| CREDIT)?(?: TO| FROM)? (.+?)(?: CONF(?:IRMATION)?(?:#| ).*| ON \d.*| REF ?#.*| FOR .*| (?=[A-Z]*\d)[A-Z0-9]{8,}$| JPM\b.*$|$)/,
    yields: { via: 'p2p', party: 1 },
    examples: [
      {
        line: 'Zelle payment to JOHN SMITH Conf# h7xk2m9q1',
        expect: { name: 'JOHN SMITH', display: 'John Smith' },
      },
      { line: 'ZELLE FROM GARCIA MARIA ON 02/14 REF # PP0JKL8M2N', expect: { name: 'GARCIA MARIA' } },
      { line: 'Zelle DR Donna Kelly', expect: { name: 'DONNA KELLY' } },
      { line: 'Zelle Scheduled payment to ROSA DIAZ JPM99b2c3d4e5', expect: { name: 'ROSA DIAZ' } },
      { line: 'Zelle money sent to J DOE', expect: { name: 'J DOE' } },
      { line: 'Zelle Payment To Joshua Foster JPM99zfzpg3', expect: { name: 'JOSHUA FOSTER' } },
      { line: 'Zelle Payment To David Nguyen CtiYVAB7KCJV', expect: { name: 'DAVID NGUYEN' } },
      { line: 'QuickPay with Zelle payment to Barber Ben JPM371078284', expect: { name: 'BARBER BEN' } },
      {
        line: 'Zelle payment from OLIVIA MARTIN Conf# 6astw5bmd',
        expect: { name: 'OLIVIA MARTIN', city: null },
      },
    ],
  },
];

/** The NACHA company name's width, then the entry description's, as a bank prints them in columns. */
const COMPANY_WIDTH = 16;
const ENTRY_WIDTH = 10;
/** What follows the entry column: an id (masked or not: `***********3619`, `51101732323`), or stars alone. */
const columnId = /^(?:[*X]*[A-Z0-9]*\d[A-Z0-9]*|\*{4,}[A-Z0-9]*)(?: |$)/i;
/** Chase's close of such a line, the entry's class and the company's id (`WEB ID: 1260357037`): columns for sure. */
const classAndCompanyId = / (?:WEB|PPD|CCD|TEL|CTX|IAT|ARC|BOC|POP|RCK) ID: ?\S+\s*$/i;

/**
 * An ACH entry printed in the NACHA fields' own columns, unlabelled: the company padded to 16 characters, a
 * space, the entry description padded to 10, a space, then an id (Chase, USAA and their aggregators:
 * `VANGUARD BUY     INVESTMENT ***********3619`, `Spring Health    Receivable ***********1FSE`, `CITY OF
 * FRISCO , MINTBILLS  BILL #7SHTAT    WEB ID: 1260357037`). The columns
 * say where the company ends when its entry description is no word a table knows. Read off the line as
 * printed (runs of blanks kept); null when the spacing shows no such columns.
 */
export function readAchColumns(raw: string): { party: string; entry: string } | null {
  const entryStart = COMPANY_WIDTH + 1;
  const idStart = entryStart + ENTRY_WIDTH + 1;
  if (raw.length <= idStart || raw[COMPANY_WIDTH] !== ' ' || raw[idStart - 1] !== ' ') return null;
  if (raw[0] === ' ' || raw[entryStart] === ' ' || raw[idStart] === ' ') return null;
  // One field or the other padded: a name that happens to have a space at both columns is no layout.
  if (raw[COMPANY_WIDTH - 1] !== ' ' && raw[idStart - 2] !== ' ') return null;
  // The individual's id may be any text when the class and the company's id close the line (`BILL #7SHTAT`).
  if (!columnId.test(raw.slice(idStart)) && !classAndCompanyId.test(raw)) return null;
  const party = raw.slice(0, COMPANY_WIDTH).trim();
  const entry = raw.slice(entryStart, idStart - 1).trim();
  if (/ {2}/.test(party) || / {2}/.test(entry) || !/[A-Za-z]/.test(party)) return null;
  return { party, entry };
}

/**
 * The same entry with its blanks collapsed, as an aggregator or a spreadsheet passes it on (`VANGUARD ACCTVERIFY
 * ***********9107`): the columns are gone, so the entry must be one a table knows and the id a masked one; the
 * company, NACHA's 16 characters at most, is what comes before.
 */
const collapsedAchEntry = /^(\S.{0,14}\S|\S) (\S+(?: \S+)?) (?:[*X]{4,}[A-Z0-9]*\d[A-Z0-9]*)$/;
export function readCollapsedAchEntry(text: string): { party: string; entry: string } | null {
  const found = collapsedAchEntry.exec(text);
  if (!found || !isEntry(found[2]!) || !/[A-Z]/.test(found[1]!)) return null;
  return { party: found[1]!, entry: found[2]! };
}

/** The company (at most 16 characters) and, after its last dash, the entry description (at most 10). */
const dashedEntry = /^(\S.{0,14}\S|\S)-([A-Z0-9][^-]{0,9})$/;
/** Words entry descriptions are made of, run together or not (`WATERBILL`, `VERIFYBANK`, `P2P`). */
const entryWord = /P2P|BILL|PMT|PAY|BANK|VERIF|FEE|XFER|TRANSFER|DEP|SALARY|REFUND|REIMB/;

/**
 * An ACH entry a bank prints as `<company>-<entry description>` after its own words (HSBC USA:
 * `PAYMENT TO CALWATER-WATERBILL`, `DEPOSIT FROM CHEVRON CORPORAT-REG SALARY`). A dash inside a name
 * (`WAL-MART`, `COCA-COLA`) is kept: the part after it must read as an entry (words, or an entry's word).
 */
export function readDashedEntry(text: string): { party: string; entry: string } | null {
  const found = dashedEntry.exec(text);
  if (!found) return null;
  const entry = found[2]!;
  if (!entry.includes(' ') && !entryWord.test(entry) && purposeOf(entry) === null) return null;
  return { party: found[1]!, entry };
}
