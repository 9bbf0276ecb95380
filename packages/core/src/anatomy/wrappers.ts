/**
 * Bank wrappers: the text a bank or card issuer puts around the merchant's own
 * descriptor (`PURCHASE AUTHORIZED ON 02/14 ... CARD 1234`, `CHECKCARD 0214`,
 * `POS PURCH`, `ACH DEBIT`, `BILL PAY`). A wrapper says how the money moved,
 * never who the merchant is, and is removed before the name is read.
 */
import { statedCategoryCode } from '../normalize/stated-mcc.js';
import type { WrapperRule } from './wrapper-rule.js';
import { leadingWrappersAbroad, trailingWrappersAbroad } from './wrappers-abroad.js';
import { leadingWrappersCanada } from './wrappers-canada.js';
import { leadingWrappersDutch, trailingWrappersDutch } from './wrappers-dutch.js';
import { leadingWrappersFrench, trailingWrappersFrench } from './wrappers-french.js';
import { leadingWrappersGerman, trailingWrappersGerman } from './wrappers-german.js';
import { leadingWrappersItalian } from './wrappers-italian.js';
import { leadingWrappersNordic } from './wrappers-nordic.js';
import { leadingWrappersSpanish } from './wrappers-spanish.js';

/** Words a bank's card entries are made of and no merchant's name starts with. */
const cardWords =
  'PURCHASE|PURCH|DEBIT|DBT|POS|WITHDRAWAL|WITHDRWL|WTHDRL|AUTHORIZED|PREAUTHORIZED|PREAUTHPMT|TRANSACTION|CHECKCARD|CHKCARD|CKCD|SIGNATURE|DDA|EPAY';
/** Shorter words of the same entries, and the terminal's or authorization's number: only after one above. */
const cardWordsAfter = 'PUR|SIG|WD|AP|REFUND|MERCHANT(?= PURCHASE| REFUND)|(?:TERM|TERMINAL|AUT) \\d+';
/**
 * The dates, times, references and masked cards between those words. A number is three digits or more, or
 * a date's or time's, and ends at a space: a name may start with a short one (`7-ELEVEN`, `76`, `99 RANCH`).
 */
const cardIds =
  '(?:[ /,-]+(?:(?:\\d{3,}|\\d{1,2}[/:-]\\d)[\\d/:-]*(?=[ ,/]|-(?![A-Z0-9])|$)|#\\d+|\\*?[X*]{4,}\\d*|[X*]+\\d+))*';

/** A labelled field of a card entry: its terminal, time, date, authorisation or trace number. */
const cardField = '(?:TERMINAL|TERM|TIME|DATE|AUTH|SEQ|TRACE)(?: ?#| NO\\.?)? ?\\d[\\d/:.-]*(?: ?[AP]M?)?';
/** A clock time (`12:31`, `11:32A`, `9:05 PM`). */
const clockTime = '\\d{1,2}:\\d{2}(?: ?[AP]M?)?';

/** Leading wrappers, most specific first; each is anchored and ends before the next part. */
export const leadingWrappers: readonly WrapperRule[] = [
  ...leadingWrappersAbroad,
  ...leadingWrappersCanada,
  ...leadingWrappersFrench,
  ...leadingWrappersSpanish,
  ...leadingWrappersGerman,
  ...leadingWrappersItalian,
  ...leadingWrappersNordic,
  ...leadingWrappersDutch,
  {
    id: 'wrapper.authorized-on',
    pattern:
      /^(?:RECURRING )?(?:PURCHASE|PAYMENT|MONEY TRANSFER)(?: INTL)?(?: WITH CASH BACK \$ ?[\d.,]+)? AUTHORIZED ON \d{2}\/\d{2}(?:\/\d{2,4})? /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'PURCHASE AUTHORIZED ON 02/14 SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA S381045129834567 CARD 1234',
        expect: { wrapper: 'wrapper.authorized-on', name: 'BLUE BOTTLE COFFEE', city: 'SAN FRANCISCO' },
      },
      {
        line: 'RECURRING PAYMENT AUTHORIZED ON 03/02 NETFLIX.COM NETFLIX.COM CA S464061727468218 CARD 7781',
        expect: { wrapper: 'wrapper.authorized-on', host: 'netflix.com' },
      },
      {
        line: 'MONEY TRANSFER AUTHORIZED ON 10/18 CASH APP*JANE DOE CA S165782796973535 CARD 8546',
        expect: { name: 'JANE DOE', thirdParties: ['Cash App'] },
      },
    ],
  },
  {
    id: 'wrapper.return-authorized-on',
    pattern: /^PURCHASE RETURN AUTHORIZED ON \d{2}\/\d{2}(?:\/\d{2,4})? /,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'PURCHASE RETURN AUTHORIZED ON 05/11 ROSAS TAQUERIA HOUSTON TX S585131648271943 CARD 4421',
        expect: { name: 'ROSAS TAQUERIA', city: 'HOUSTON', region: 'TX' },
      },
    ],
  },
  {
    // A credit union's card return, the date and the card's last digits first: `Mobile Purchase Returns 04/20 #7458`.
    id: 'wrapper.dated-card-return',
    pattern: /^(?:MOBILE|DEBIT CARD|POS) PURCHASE (?:RETURNS?|REFUND)(?: -| \d{2}\/\d{2}(?: #\d{4})?) /,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'Mobile Purchase Returns 04/20 #7458 OLD NAVY ON-LINE 800-653-6289 OH 25111',
        expect: { name: 'OLD NAVY', region: 'OH', wrapper: 'wrapper.dated-card-return' },
      },
      {
        line: 'POS PURCHASE RETURN - RIVERSIDE OUTFITTERS SAN CARLOS CA 6172 00000000254044995',
        expect: { name: 'RIVERSIDE OUTFITTERS', wrapper: 'wrapper.dated-card-return' },
      },
    ],
  },
  {
    // A card issuer's merchant offer credited back (`AMEX OFFER CREDIT RESY`, `Amex Offer Credit - Blue Bottle`,
    // `Offer:Airbnb`): the merchant's money, given back.
    id: 'wrapper.offer-credit',
    pattern:
      /^(?:(?:AMEX|CHASE|CITI|BOFA|CAPITAL ONE) OFFER(?: CREDIT| CASH ?BACK)?(?: ?[-:] ?| )|OFFER CREDIT(?: ?[-:] ?| )|OFFER ?: ?)(?=[A-Z0-9])(?!CASH ?BACK$|CREDIT$)/,
    yields: { via: 'card', refund: true },
    examples: [
      { line: 'AMEX OFFER CREDIT RESY', expect: { name: 'RESY', wrapper: 'wrapper.offer-credit' } },
      { line: 'Amex Offer Credit - Blue Bottle', expect: { name: 'BLUE BOTTLE' } },
      { line: 'Offer:Airbnb', expect: { name: 'AIRBNB' } },
      // A name that starts with the word is no offer (`OFFER UP`, the marketplace).
      { line: 'OFFER UP', expect: { name: 'OFFER UP' } },
    ],
  },
  {
    id: 'wrapper.refund',
    pattern:
      /^(?:REFUND|RETURN|MERCHANDISE RETURN|CREDIT VOUCHER|PURCHASE RETURN|PURCHASE REFUND|PURCHASE REVERSAL)(?: FROM| -)? /,
    yields: { via: 'card', refund: true },
    examples: [{ line: 'REFUND AMAZON', expect: { name: 'AMAZON', wrapper: 'wrapper.refund' } }],
  },
  {
    // Wells Fargo's older card lines: `CHECK CRD PURCHASE 03/23 ... 486831XXXXXX6803 112233445566778 ?MCC=5655`.
    id: 'wrapper.check-crd',
    pattern: /^CHECK CRD (?:PURCHASE|PUR)(?: INTL)? \d{2}\/\d{2} /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'CHECK CRD PURCHASE 03/23 HILLSIDE GROCERY 0835 OREM UT 486831XXXXXX6803 164231178829317 ?MCC=5411',
        expect: { name: 'HILLSIDE GROCERY', city: 'OREM', region: 'UT' },
      },
    ],
  },
  {
    id: 'wrapper.recur-debit-crd',
    pattern: /^RECUR(?:RING)? DEBIT CRD PMT ?\d{2}\/\d{2} /,
    yields: { via: 'card', recurring: true },
    examples: [
      {
        line: 'RECUR DEBIT CRD PMT01/22 HILLTOP GYM 877-778-1161 NY 434256XXXXXX6172 304022177906264 ?MCC=7997',
        expect: { name: 'HILLTOP GYM', phone: '877-778-1161' },
      },
    ],
  },
  {
    id: 'wrapper.check-crd-return',
    pattern: /^CHECK CRD (?:PUR RTRN|PURCHASE RETURN|RETURN)(?: INTL)? \d{2}\/\d{2} /,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'CHECK CRD PUR RTRN 11/02 RIVERSIDE OUTFITTERS BEND OR 441234XXXXXX1234 305306123456789 ?MCC=5699',
        expect: { name: 'RIVERSIDE OUTFITTERS', wrapper: 'wrapper.check-crd-return' },
      },
    ],
  },
  {
    // The debit card called an ATM card at a shop's till (`ATM/POS PURCHASE`, `ATM CARD PURCHASE`, `POS/ATM
    // WITHDRAWAL <shop>`): a purchase, the merchant after it.
    id: 'wrapper.atm-card-purchase',
    pattern:
      /^(?:(?:ATM ?\/ ?POS|POS ?\/ ?ATM|ATM ?\/ ?DEBIT|ATM ?\/ ?CHECK CARD)(?: CARD)? (?:PURCHASE|PURCH|PUR|DEBIT|WITHDRAWAL|TRANSACTION)|ATM (?:CARD )?(?:PURCHASE|PURCH|PUR))(?: -)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      { line: 'ATM/POS PURCHASE HARBOR CAFE HONOLULU HI', expect: { name: 'HARBOR CAFE', city: 'HONOLULU' } },
      { line: 'ATM PURCHASE HARBOR CAFE HONOLULU HI', expect: { name: 'HARBOR CAFE', region: 'HI' } },
      { line: 'POS/ATM WITHDRAWAL HARBOR CAFE HONOLULU HI', expect: { name: 'HARBOR CAFE' } },
    ],
  },
  {
    // Some credit unions' cores end the kind of entry with a slash, and may repeat it after a number:
    // `Withdrawal DEBIT CARD/NAME ...`, `Withdrawal POS #312345678901/POS NST NAME ...`.
    id: 'wrapper.kind-slash',
    pattern: /^(?:(?:DEBIT|CREDIT|CHECK|ATM) CARD|POS(?: #\d+)?)\/(?:(?:POS|NST|PUR|PURCHASE) )*/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Withdrawal DEBIT CARD/LAKEVIEW TACOS CEDAR PARK TX Date 03/14/23 24692163074100812345678 Card 1234Merchant Category Code: 5814',
        expect: { name: 'LAKEVIEW TACOS', city: 'CEDAR PARK', region: 'TX' },
      },
      {
        line: 'Withdrawal POS #312345678901/POS NST CORNER HARDWARE #65 CEDAR PARK TX',
        expect: { name: 'CORNER HARDWARE', storeNumber: '65' },
      },
    ],
  },
  {
    id: 'wrapper.bill-pay-slash',
    pattern: /^(?:RECURRING )?(?:WITHDRAWAL )?BILL PAYMENT(?: -)?(?: #\d+)?\/(?:BP )?/,
    yields: { via: 'bill-pay' },
    examples: [
      {
        line: 'Recurring Withdrawal Bill Payment - #1234567/BP HILL COUNTRY WATER SUPPLY',
        expect: { name: 'HILL COUNTRY WATER SUPPLY' },
      },
    ],
  },
  {
    // A merchant's credit or its reversal: which way the money went is the line's direction.
    id: 'wrapper.voucher-slash',
    pattern: /^(?:ADJUSTMENT )?CREDIT VOUCHER\//,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Withdrawal Adjustment Credit Voucher/CORNER HARDWARE #65 CEDAR PARK TX',
        expect: { name: 'CORNER HARDWARE', region: 'TX' },
      },
    ],
  },
  {
    id: 'wrapper.checkcard',
    pattern: /^(?:CHECKCARD|CHECK CARD|CHKCARD) \d{4} /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'CHECKCARD 0214 JOES PIZZA NEW YORK NY 24445004045123456789012',
        expect: { name: 'JOES PIZZA', display: "Joe's Pizza", city: 'NEW YORK', region: 'NY' },
      },
    ],
  },
  {
    // Bank of America's reversal of a card entry, dated as its `CHECKCARD` line is; `RBT` marks a rebate given
    // back on it (a fuel program's discount: `REVERSAL 0824 RBT SHELL OIL 575 ... CKCD 6532 ...`).
    id: 'wrapper.dated-reversal',
    pattern: /^REVERSAL \d{4} (?:RBT )?(?=[A-Z])/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'REVERSAL 0824 RBT SHELL OIL 575 NY 05587454237000002660433 CKCD 6532 5348690006946360 540703',
        expect: { name: 'SHELL OIL' },
      },
    ],
  },
  {
    id: 'wrapper.dated-purchase',
    // `PUR` after the date: a small bank's OFX name field (`0246 PUR WAL-MART 0316 ATTALLA A`).
    pattern: /^(?:(?:MOBILE )?PURCHASE \d{4} |(?:\d{4} )?PUR (?=[A-Z]))/,
    yields: { via: 'card' },
    examples: [
      { line: 'PURCHASE 0611 GREEN LEAF NAIL SPA AUSTIN TX', expect: { name: 'GREEN LEAF NAIL SPA' } },
      { line: '0611 PUR GREEN LEAF NAIL SPA 0316 AUSTIN TX', expect: { name: 'GREEN LEAF NAIL SPA' } },
      { line: '1215 PUR GREEN LEAF NAIL SPA 0316 AUSTIN TX', expect: { name: 'GREEN LEAF NAIL SPA' } },
    ],
  },
  {
    id: 'wrapper.dbt-crd',
    // The time and a date, or the time and a terminal number (`DBT CRD 0407 27105864 COOK OUT ATHENS TN`).
    pattern: /^DBT CRD \d{4} (?:\d{2}\/\d{2}\/\d{2,4} (?:(?=[A-Z]*\d)[A-Z0-9]{6,10} )?|\d{6,10} )/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'DBT CRD 1442 03/31/23 LUIGIS ITALIAN KITCHEN CHICAGO IL',
        expect: { name: 'LUIGIS ITALIAN KITCHEN', display: "Luigi's Italian Kitchen", region: 'IL' },
      },
      {
        line: 'DBT CRD 0844 06/06/25 9CALMZ82 DISH ITALIAN KITCHEN ALLENTOWN PA C#2785',
        expect: { name: 'DISH ITALIAN KITCHEN', city: 'ALLENTOWN' },
      },
      { line: 'DBT CRD 1135 25663846 COOK OUT ATHENS TN', expect: { name: 'COOK OUT', city: 'ATHENS' } },
    ],
  },
  {
    // Fifth Third: `DEBIT CARD PURCHASE AT NAME, CITY, ST ON 021424 FROM CARD#: XXXXXXXXXXXX1234`; exports
    // that cut the first words start at `PURCHASE AT`.
    id: 'wrapper.card-purchase-at',
    // HSBC USA dates it first: `PURCHASE ON 08/01 AT NAME - CITY ST`, `PURCHASE MADE ON 03/04/16 AT ...`.
    pattern:
      /^(?:(?:DEBIT|CHECK|CREDIT) CARD |POS )?(?:PURCHASE|RETURN|REFUND)(?: MADE)?(?: ON \d{2}\/\d{2}(?:\/\d{2,4})?)? AT /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'DEBIT CARD PURCHASE AT MAPLE STREET BISCUIT, JACKSONVILLE, FL ON 021424 FROM CARD#: XXXXXXXXXXXX1234',
        expect: { name: 'MAPLE STREET BISCUIT', city: 'JACKSONVILLE', region: 'FL' },
      },
      {
        line: 'PURCHASE AT HARBOR HARDWARE, DAYTON, OH ON 031524 FROM CARD#: XXXXXXXXXXXX1234',
        expect: { name: 'HARBOR HARDWARE', city: 'DAYTON', region: 'OH' },
      },
      {
        line: 'DEBIT CARD RETURN AT HARBOR HARDWARE, DAYTON, OH ON 031524 FROM CARD#: XXXXXXXXXXXX1234',
        expect: { name: 'HARBOR HARDWARE', region: 'OH' },
      },
      {
        line: 'PURCHASE ON  01/30 AT HILLSIDE FOODS - BAKERSFIELD  CA',
        expect: { name: 'HILLSIDE FOODS', city: 'BAKERSFIELD', region: 'CA' },
      },
      {
        line: 'PURCHASE MADE ON 03/04/16 AT SMOKE HOUSE GRILL - BURBANK       CA',
        expect: { name: 'SMOKE HOUSE GRILL', city: 'BURBANK', region: 'CA' },
      },
    ],
  },
  {
    // The same bank's card payments the merchant takes again each month.
    id: 'wrapper.recurring-purchase-at',
    pattern: /^RECURRING (?:PURCHASE|PAYMENT) AT /,
    yields: { via: 'card', recurring: true },
    examples: [
      {
        line: 'RECURRING PURCHASE AT LAKESIDE FITNESS, 888-555-0142, CA ON 012024 FROM CARD#: XXXXXXXXXXXX1234',
        expect: { name: 'LAKESIDE FITNESS', phone: '888-555-0142', wrapper: 'wrapper.recurring-purchase-at' },
      },
    ],
  },
  {
    // Fifth Third's card paid at a terminal on a debit network: the acquirer's name (it may be missing), the
    // terminal's number after ` - `, then where the terminal stands (`... ON 010824 FROM CARD#: XXXXXXXXXXXX123X`).
    // `NST` names the network's store.
    id: 'wrapper.merchant-payment',
    pattern: /^MERCHANT PAYMENT (?:- (?:[A-Z]\d{5}|\d{6}) )?(?:NST )?(?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'MERCHANT PAYMENT HILLTOP GROCERS #12 - 119713 4100 MAIN ST DAYTON OH ON 010824 FROM CARD#: XXXXXXXXXXXX123X',
        expect: { name: 'HILLTOP GROCERS', storeNumber: '12', city: 'DAYTON', region: 'OH' },
      },
      {
        line: 'MERCHANT PAYMENT - 041809 HILLTOP GROCERS #4 4500 MAIN CINCINNATI OH ON 010224 FROM CARD#: XXXXXXXXXXXX123X',
        expect: { name: 'HILLTOP GROCERS', city: 'CINCINNATI', region: 'OH' },
      },
      {
        line: 'MERCHANT PAYMENT NST RIVERSIDE HARDWA - 219060 3400 HIGHLAND AVE CINCINNATI OH ON 010224 FROM CARD#: XXXXXXXXXXXX123X',
        expect: { name: 'RIVERSIDE HARDWA', city: 'CINCINNATI' },
      },
    ],
  },
  {
    // The same layout for a bill paid at a biller's terminal: `PYMT TO NAME - 101043 <street> CITY ST`.
    id: 'wrapper.payment-to-terminal',
    pattern: /^(?:PYMT|PMT|PAYMENT) TO (?=.* - (?:[A-Z]\d{5}|\d{6}) )/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'PYMT TO LAKESIDE WATER CO - 101043 139 EAST FOURTH STREET CINCINNATI OH',
        expect: { name: 'LAKESIDE WATER CO', city: 'CINCINNATI', region: 'OH' },
      },
    ],
  },
  {
    id: 'wrapper.card-purchase',
    pattern:
      /^(?:VISA |MC |MASTERCARD )?(?:DEBIT |CHECK |CREDIT |ATM |DIGITAL )?CARD (?:(?:CHECK|CREDIT|DEBIT) CARD|(?:POINT OF SALE )?PURCHASE|PURCH|PUR|DEBIT|TRANSACTION|CREDIT|REFUND|RETURN|WITHDRAWAL)(?: RETURN| REFUND| CREDIT)?(?: WITH PIN| W\/PIN| ?- ?PIN| PIN| ?-? NON-PIN| W\/CASH| WITH CASH ?BACK)?(?: ?[-/])?(?: (?:X+|\*+)\d{4}| \d{4}(?= [A-Z]| \d{1,2}[ -]))?(?: \d{2}[/-]\d{2}(?:[/-]\d{2,4})?)? /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Debit Card Purchase - ROSAS TAQUERIA HOUSTON TX',
        expect: { name: 'ROSAS TAQUERIA', display: "Rosa's Taqueria", city: 'HOUSTON' },
      },
      { line: 'CARD PURCHASE WITH PIN 02/14 KROGER #0412 COLUMBUS OH CARD 5512', expect: { name: 'KROGER' } },
      { line: 'Card purchase THE DAILY GRIND', expect: { name: 'THE DAILY GRIND' } },
      {
        line: 'Visa Check Card Point of Sale Purchase HILLSIDE BOOKS 1462 SPRINGFIELD VA',
        expect: { name: 'HILLSIDE BOOKS', city: 'SPRINGFIELD', region: 'VA' },
      },
      {
        line: 'DEBIT CARD PURCHASE-PIN 1234 HARBOR MARKET #567 LEXINGTON KY',
        expect: { name: 'HARBOR MARKET' },
      },
      { line: 'DEBIT CARD PURCHASE-PIN 1234 7-ELEVEN 13476 HONOLULU HI', expect: { name: '7-ELEVEN' } },
      {
        line: 'Card Purchase W/Cash 01/31 HILLSIDE FUEL Walnut Creek CA Card 0665',
        expect: { name: 'HILLSIDE FUEL', city: 'WALNUT CREEK' },
      },
      // Capital One's card numbers kept in a phone (`Digital Card Purchase - ...`).
      {
        line: 'Digital Card Purchase - HARBOR WINGS 1861 813 725 9464 FL',
        expect: { name: 'HARBOR WINGS', phone: '813-725-9464', region: 'FL' },
      },
      { line: 'DEBIT CARD CREDIT 03/12 AMAZON.COM AMZN.COM/BILL WA', expect: { host: 'amazon.com' } },
      {
        line: 'Check Card Purchase / SQ *MAMA ROSAS 855-431-0459 CA Date 03/14/25 416507822530133',
        expect: { name: 'MAMA ROSAS', thirdParties: ['Square'] },
      },
    ],
  },
  {
    id: 'wrapper.pos-terminal',
    pattern:
      /^(?:POS|PIN) (?:(?:PURCHASE|PURCH|DEBIT|WITHDRAWAL|RETURN|REFUND) (?:TERM(?:INAL)? [A-Z0-9]+|POS ?\d+(?: \d+)?)|#\d+ POS) /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'POS PURCHASE TERMINAL 432194 GOOD CITIZENS COFFEE OAKLAND CA 07-26-24 04:43 PM',
        expect: { name: 'GOOD CITIZENS COFFEE', city: 'OAKLAND', region: 'CA' },
      },
      {
        line: 'POS PURCHASE POS05602236 0934986 DELTA VALLEY FEED & SE GREENWOOD MS',
        expect: { name: 'DELTA VALLEY FEED & SE', city: 'GREENWOOD' },
      },
    ],
  },
  {
    // TD Bank's card credits: `DEBIT CARD CREDIT, *****32840577658, AUT 022125 VISA DDA REF ...`.
    id: 'wrapper.kind-card-credit-aut',
    pattern: /^DEBIT CARD (?:CREDIT|REFUND|RETURN)(?: ?,)+ (?:AUT \d{6} )?/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'DEBIT CARD CREDIT, *****32840577658, AUT 022125 VISA DDA REF HOMETOWN HARDWARE MARIETTA * GA',
        expect: { name: 'HOMETOWN HARDWARE', wrapper: 'wrapper.kind-card-credit-aut' },
      },
    ],
  },
  {
    // TD Bank: `DEBIT CARD PURCHASE, *****28623279646, AUT 100824 VISA DDA PUR ...`.
    id: 'wrapper.kind-card-aut',
    pattern:
      /^(?:DEBIT CARD PURCHASE|DEBIT POS|POS DEBIT|DBCRD PUR(?:CHASE)?(?: AP)?|(?:[A-Z]{2,4} )?ATM (?:DEBIT|CREDIT))(?: ?,)+ (?:AUT \d{6} )?/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'DEBIT CARD PURCHASE, *****28623279646, AUT 100824 VISA DDA PUR SPRINT AUTO DETAIL MIDLAND * TX',
        expect: { name: 'SPRINT AUTO DETAIL', city: 'MIDLAND', region: 'TX' },
      },
      {
        line: 'DEBIT POS, *****87597487046, AUT 092924 DDA PURCHASE SQ *GLAMOUR HAIR STUDIO MIAMI * FL',
        expect: { name: 'GLAMOUR HAIR STUDIO', thirdParties: ['Square'] },
      },
      {
        line: 'DBCRD PUR AP, *****31261027731, AUT 020325 VISA DDA PUR AP HILLSIDE RADIO 800 525 5683 * CA',
        expect: { name: 'HILLSIDE RADIO', phone: '800-525-5683', region: 'CA' },
      },
    ],
  },
  {
    // Navy Federal: `POS Debit - Debit Card 9607 Transaction 10-02-24 ...`.
    id: 'wrapper.card-transaction-dated',
    pattern: /^POS (?:DEBIT|CREDIT) ?- ?DEBIT CARD \d{4} TRANSACTION \d{2}-\d{2}-\d{2,4} /,
    yields: { via: 'card' },
    examples: [
      {
        line: 'POS Debit - Debit Card 8054 Transaction 12-18-24 The Home Depot #65 Marietta GA',
        expect: { name: 'THE HOME DEPOT', city: 'MARIETTA', storeNumber: '65' },
      },
    ],
  },
  {
    // `DEBIT FOR CHECKCARD XXXXXX3695 06/10/24SPIRIT OF TEXAS BBQ 39422570`: the date runs into the name.
    id: 'wrapper.debit-for-checkcard',
    pattern: /^DEBIT FOR CHECK ?CARD (?:\d{4} )?\d{2}\/\d{2}(?:\/\d{2,4})? ?/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'DEBIT FOR CHECKCARD XXXXXX3695 06/10/24SPIRIT OF TEXAS BBQ 39422570',
        expect: { name: 'SPIRIT OF TEXAS BBQ' },
      },
      { line: 'DEBIT FOR CHECKCARD XXXXXX1234 11/24 HARBOR COFFEE CO', expect: { name: 'HARBOR COFFEE CO' } },
    ],
  },
  {
    // A credit union's card line: a card code first, the kind of entry after ` : ` at the end.
    id: 'wrapper.card-code',
    pattern: /^[A-Z]\d{4} (?=.* : )/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'D8397 QUICK PICK FOOD STORE BECKLEY WV 24 : Mobile Purchase Sign Based 10/08 05:38p #7971',
        expect: { name: 'QUICK PICK FOOD STORE', city: 'BECKLEY', region: 'WV' },
      },
    ],
  },
  {
    id: 'wrapper.point-of-sale',
    pattern:
      /^(?:POS|PIN|POINT OF SALE|VISA|DDA|VISA DDA|DBCRD|INTL|RECURRING|RECUR|SIG(?= POS ))-?(?: (?:PURCHASE|PURCH|PUR|DEBIT|DBT|DEB|WITHDRAWAL|WITHDRAW|WD|W\/D|TRANSACTION|TRANS|PAYMENT|SIG|SIGNATURE|AP|POS|CARD|DEBIT CARD|REF|REFUND|CHARGE|CHECK CRD|CHK CRD|CRD|NON-PIN|WITH PIN|PIN)-?)*(?: ?-)?(?: (?:X+|\*+)\d{4}| \d{4}(?= \d{2}[/-]))?(?: \d{2}[/-]\d{2}(?:[/-]\d{2,4})?)?(?: #?\d{4,}(?= [A-Z]| \d{1,2}(?=[ -])))? /,
    yields: { via: 'card' },
    examples: [
      { line: 'POS PURCH BIG AL S DELI', expect: { name: 'BIG AL S DELI', display: "Big Al's Deli" } },
      // TD Bank's debit card purchase, without the card and authorisation fields.
      { line: 'DBCRD PUR AP HARBOR GRILL 8009256278 * NJ', expect: { name: 'HARBOR GRILL', region: 'NJ' } },
      { line: 'POS W/D HILLTOP FEED STORE BOISE ID', expect: { name: 'HILLTOP FEED STORE', city: 'BOISE' } },
      { line: 'RECUR DEBIT LAKESIDE GYM', expect: { name: 'LAKESIDE GYM' } },
      // Butterfield's (Bermuda) signature purchase and the card's last digits.
      { line: 'SIG POS TRANS 4417 HARBOUR PANTRY PEMBROKE BM', expect: { name: 'HARBOUR PANTRY' } },
      {
        line: 'POS Purchase With PIN CORNER MARKET SARATOGA SPRI NY 88451740 *****9214 12/25 09:43',
        expect: { name: 'CORNER MARKET', region: 'NY' },
      },
      { line: 'POS DEBIT- DEBIT CARD 1234 02-14-24 HAPPY NAILS SPA', expect: { name: 'HAPPY NAILS SPA' } },
      {
        line: 'VISA DDA PUR AP 469216 OCEAN BREEZE CAR WASH * TAMPA FL',
        expect: { name: 'OCEAN BREEZE CAR WASH' },
      },
      { line: 'POS DEBIT 0327 TRADER JOE S #552 QPS SEATTLE WA', expect: { city: 'SEATTLE' } },
      // A name may start with a short number (`7-ELEVEN`, `76`): the date is the bank's, the number the name's.
      { line: 'POS DEBIT 0327 7-ELEVEN 35864 HENDERSON CO', expect: { name: '7-ELEVEN', city: 'HENDERSON' } },
      {
        line: 'POS Debit - DDA POS DEB 2136 08/14/23 00532124 RIVERBEND FUEL SAINTE GENEVI MO C#7461',
        expect: { name: 'RIVERBEND FUEL', region: 'MO' },
      },
      {
        line: 'POS DEBIT VISA CHECK CRD PURCHASE 04/11 LUCKY DRAGON BUFFET FRESNO CA',
        expect: { name: 'LUCKY DRAGON BUFFET', city: 'FRESNO' },
      },
    ],
  },
  {
    id: 'wrapper.debit-purchase',
    pattern: /^(?:DEBIT|DBT) (?:PIN |SIG )?(?:PURCHASE|PURCH)(?: ?-)?(?: ?(?:VISA|MC))?(?: \d{6,})?(?: -)? /,
    yields: { via: 'card' },
    examples: [
      { line: 'DEBIT PURCHASE -VISA SUNRISE DONUTS ST PAUL MN', expect: { name: 'SUNRISE DONUTS' } },
      {
        line: 'Debit PIN Purchase FOOD LION #1432 RALEIGH NCUS07154',
        expect: { name: 'FOOD LION', region: 'NC' },
      },
      {
        line: 'DBT PURCHASE - 123456 CORNER BAKERY CAFE PHILADELPHIA PA',
        expect: { name: 'CORNER BAKERY CAFE' },
      },
    ],
  },
  {
    // Credit unions' cores print the kind of entry and how it moved before the name: `Withdrawal Debit Card
    // CITY POWER & LIGHT`, `Deposit Debit Card ...` (a return), `Recurring Withdrawal Debit Card ...`. A card's
    // own kind after it (`Withdrawal Debit Card Check Card ...`) is the next wrapper's.
    id: 'wrapper.entry-card',
    pattern:
      /^(?:RECURRING )?(?:WITHDRAWAL|DEPOSIT) (?:DEBIT |CREDIT |CHECK |CREDIT\/DEBIT )?CARD(?: W\/D| SIGNATURE DEBIT| PIN DEBIT)?(?: (?:MASTERMONEY|VISA|MASTERCARD) CARD REF#: \S+ \d{4} -)? (?!(?:CHECK|CREDIT|DEBIT) CARD )(?=[A-Z0-9#*])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Withdrawal Debit Card HARBOR POWER & LIGHT',
        expect: { name: 'HARBOR POWER & LIGHT', wrapper: 'wrapper.entry-card' },
      },
      {
        line: 'Deposit DEBIT CARD THE ITEM SHOP CHICAGO IL',
        expect: { name: 'THE ITEM SHOP', city: 'CHICAGO' },
      },
      { line: 'Recurring Withdrawal Debit Card LAKESIDE GYM', expect: { name: 'LAKESIDE GYM' } },
      { line: 'WITHDRAWAL CHECK CARD FIVE STAR FOOD', expect: { name: 'FIVE STAR FOOD' } },
      {
        line: 'Withdrawal Credit/Debit Card Signature Debit HILLTOP BISTRO OAKLAND CA',
        expect: { name: 'HILLTOP BISTRO', city: 'OAKLAND' },
      },
      // The card's network, the authorisation's reference and the MCC before the merchant.
      {
        line: 'Withdrawal Debit Card MasterMoney Card REF#: 5365DJLCQTTI 5812 - HILLTOP BISTRO OAKLAND CA',
        expect: { name: 'HILLTOP BISTRO', city: 'OAKLAND' },
      },
    ],
  },
  {
    // The same cores' ACH entries: `Deposit ACH ACME LOGISTICS*PAYROLL`, `Withdrawal ACH HARBOR WATER`.
    id: 'wrapper.entry-ach',
    pattern: /^(?:WITHDRAWAL|DEPOSIT) ACH (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'Deposit ACH LAKESIDE LOGISTICS*PAYROLL', expect: { name: 'LAKESIDE LOGISTICS' } },
      { line: 'Withdrawal ACH HARBOR WATER', expect: { name: 'HARBOR WATER', wrapper: 'wrapper.entry-ach' } },
    ],
  },
  {
    // Credit unions' cores print the kind of entry, a bill payment's number or the entry's own, first:
    // `Withdrawal SQ *LEGENDS COFFEE ...`, `Withdrawal Bill Payment #127427131321 ...`, `Deposit ...`.
    id: 'wrapper.entry-kind',
    pattern:
      /^(?:(?:WITHDRAWAL|DEPOSIT) #\d+ (?=\d{1,2}[ -])|(?:WITHDRAWAL|DEPOSIT|LOAN ADVANCE)(?: BILL PAYMENT)?(?: #\d+)? (?!TO |FROM |AT )(?=[A-Z#])|E (?:WITHDRAWAL|DEPOSIT) - )/,
    yields: { via: 'card', silent: true },
    examples: [
      // A name that starts with a short number after the reference (`7-ELEVEN`).
      { line: 'Withdrawal #224618668927 7-ELEVEN 35864 HENDERSON CO', expect: { name: '7-ELEVEN' } },
      {
        line: 'Withdrawal SQ *LEGENDS COFFEE Aurora CO Date 08/15/22 24692162227100804715148 5814 %% Card 10 #5780',
        expect: { name: 'LEGENDS COFFEE', city: 'AURORA', thirdParties: ['Square'] },
      },
      {
        line: 'Withdrawal #224618668927 COSTCO WHSE #1178 TIMNATH CO %% Card 10 #5780',
        expect: { name: 'COSTCO WHSE', region: 'CO' },
      },
      // A credit union's card kind and sub-kind, and a credit card's purchase as a loan advance.
      {
        line: 'Withdrawal Debit Card Check Card TWEDES CAFE NORTH BEND WA',
        expect: { name: 'TWEDES CAFE', city: 'NORTH BEND' },
      },
      {
        line: 'Loan Advance Credit Card Credit Card RANGER TREE EXPERTS 253-678-3736 WA',
        expect: { name: 'RANGER TREE EXPERTS' },
      },
      { line: 'Withdrawal POS #311216404990 POS SAFEWAY #1645 LAKEWOOD WA', expect: { name: 'SAFEWAY' } },
      // `E` for an electronic entry.
      { line: 'E Withdrawal - AUTOMOBILE CLUB - WEB PAY', expect: { name: 'AUTOMOBILE CLUB' } },
    ],
  },
  {
    // Push payments to and from a card (Visa Direct, Mastercard Send): a person, usually.
    id: 'wrapper.push-payment',
    pattern: /^PMNT (?:SENT|RCVD) \d{4} /,
    yields: { via: 'p2p' },
    examples: [
      {
        line: 'PMNT SENT 0331 GRANT HOLLOWAY CA 24492157091740282738164',
        expect: { name: 'GRANT HOLLOWAY', city: null },
      },
    ],
  },
  {
    id: 'wrapper.preauthorized',
    pattern: /^(?:PRE-?AUTHORIZED|PREAUTH) (?:DEBIT|CREDIT|PURCHASE|PAYMENT|WITHDRAWAL|DEPOSIT) /,
    yields: { via: 'ach' },
    examples: [
      { line: 'PREAUTHORIZED DEBIT PLANET FITNESS', expect: { name: 'PLANET FITNESS' } },
      {
        line: 'PREAUTHORIZED CREDIT LAKESIDE LOGISTI DIRECT DEP 240321',
        expect: { name: 'LAKESIDE LOGISTI' },
      },
    ],
  },
  {
    // An ACH debit named by how the payer authorised it (the SEC code spelt out): `WEB INITIATED PAYMENT AT`,
    // `TELEPHONE INITIATED PAYMENT AT`; the company, its entry description, an id and the date follow.
    id: 'wrapper.initiated-payment',
    pattern: /^(?:WEB|INTERNET|TELEPHONE|TEL|PHONE) INITIATED (?:PAYMENT|PMT|DEBIT|TRANSFER)(?: AT| TO)? /,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'WEB INITIATED PAYMENT AT RIVERSIDE WATER UTIL PMT 7246433614 011824',
        expect: { name: 'RIVERSIDE WATER', wrapper: 'wrapper.initiated-payment' },
      },
    ],
  },
  {
    id: 'wrapper.ach',
    pattern:
      /^(?:ACH|EFT|ELECTRONIC|ELEC|EXTERNAL|WEB|TEL|PPD|CCD) (?:AUTHORIZED |CORP |CORPORATE |ELECTRONIC )?(?:(?:HOLD|ORIG|DEBIT|DR|CREDIT|CR|WITHDRAWAL|WITHDRWL|DEPOSIT|DEP|PAYMENT|PMT|TRANSACTION|TRANSFER|PYMT|ENTRY)(?:-(?:WEB|TEL|PPD|CCD))?|(?:WEB|TEL|PPD|CCD)-(?:RECUR|SINGLE))(?: RECEIVED)?(?: TO| FROM)?,?(?: ?-)? (?:(?:PPD|CCD|WEB|TEL) )?(?:(?:PAID|PMT|PAYMENT) (?:FROM|TO)(?: ?-)? )?(?:\d{8,} (?=[A-Z]))?/,
    yields: { via: 'ach' },
    examples: [
      { line: 'ACH Electronic Debit LAKESIDE WATER PAYMENTS', expect: { name: 'LAKESIDE WATER' } },
      { line: 'ACH DEBIT GEICO AUTO 8005551234', expect: { name: 'GEICO AUTO' } },
      { line: 'ACH CORP DEBIT GEICO AUTO', expect: { name: 'GEICO AUTO' } },
      { line: 'ACH HOLD GEICO', expect: { name: 'GEICO' } },
      { line: 'ELECTRONIC PAYMENT TO LAKESIDE LENDING', expect: { name: 'LAKESIDE LENDING' } },
      { line: 'ELECTRONIC DEPOSIT ACME LANDSCAPING', expect: { name: 'ACME LANDSCAPING' } },
      { line: 'ACH Transaction - RIVERBEND HOA ASSESSMENT', expect: { name: 'RIVERBEND HOA' } },
      // The SEC code and whether the authorisation recurs (`WEB-RECUR`, `WEB-SINGLE`), as PNC prints them.
      { line: 'ACH WEB-RECUR LAKESIDE LENDING', expect: { name: 'LAKESIDE LENDING' } },
      { line: 'ACH WEB-SINGLE LAKESIDE LENDING, INC DEBIT', expect: { name: 'LAKESIDE LENDING INC' } },
      { line: 'ELECTRONIC PMT-WEB, DISCOVER E-PAYMENT 6948', expect: { name: 'DISCOVER' } },
      { line: 'ACH DEPOSIT, STARBUCKS CORPORA DIR DEP 942822080', expect: { name: 'STARBUCKS' } },
      // An aggregator's ACH line: the trace first, then the company, then its class and the receiver.
      {
        line: 'ACH Credit 1204895317 Gentry Inc. 021000026641877 PPD Dale M Hopkins Jr.',
        expect: { name: 'GENTRY INC.', display: 'Gentry' },
      },
    ],
  },
  {
    // Named by who pays whom (`< Business to Business ACH Debit - FUNDING FUTURES 2118880 Jun 02 ...`).
    id: 'wrapper.ach-class',
    pattern: /^(?:< ?)?(?:BUSINESS TO BUSINESS|CONSUMER|CORPORATE) ACH (?:DEBIT|CREDIT)(?: ?-)? /,
    yields: { via: 'ach' },
    examples: [
      {
        line: '< Business to Business ACH Debit - Harbor Freight Lease 2118880 Jun 02 8256219323',
        expect: { name: 'HARBOR FREIGHT LEASE', wrapper: 'wrapper.ach-class' },
      },
    ],
  },
  {
    // Real-time payments (RTP, FedNow): `Instant Payment Credit <sender> Credit via <bank> <reference>`.
    id: 'wrapper.instant-payment',
    // Also `Real Time Payment Credit <sender>`, `RTP CREDIT <sender>`, `FEDNOW DEBIT <payee>`.
    pattern:
      /^(?:INSTANT|REAL ?TIME|RTP|FEDNOW)(?: PAYMENTS?)? (?:CREDIT|DEBIT|RECEIVED|SENT)(?: FROM| TO)? /,
    yields: { via: 'transfer' },
    examples: [
      {
        line: 'Instant Payment Credit Maple Staffing Credit via Trust 20250121021214273P1BO1JI25381432658 REMT N',
        expect: { name: 'MAPLE STAFFING', wrapper: 'wrapper.instant-payment' },
      },
    ],
  },
  {
    // A biller paid from checking: `PAYMENT FOR AMZ STORECARD 73842903 WEB ID: 9069872103`.
    id: 'wrapper.payment-for',
    // Also `Payment to <payee>` (Nationwide, credit unions) and `WEB PMTS <biller>`.
    pattern: /^(?:PAYMENT (?:FOR|TO)|WEB (?:PMTS?|PYMTS?|PAYMENTS?)) (?=[A-Z])/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'PAYMENT FOR RIVERSIDE WATER 73842903 WEB ID: 9069872103',
        expect: { name: 'RIVERSIDE WATER', wrapper: 'wrapper.payment-for' },
      },
      { line: 'Payment to MAPLE RIDGE HOA', expect: { name: 'MAPLE RIDGE HOA' } },
      { line: 'WEB PMTS MAPLE RIDGE HOA', expect: { name: 'MAPLE RIDGE HOA' } },
    ],
  },
  {
    // Pay named first (`PAYROLL DEPOSIT HARBOR STAFFING`, `Payroll HARBOR STAFFING`).
    id: 'wrapper.payroll-first',
    pattern: /^(?:PAYROLL|DIRECT DEPOSIT|DIR DEP)(?: DEPOSIT| CREDIT)?(?: FROM)?(?: ?-)? (?=[A-Z])/,
    yields: { via: 'ach' },
    examples: [{ line: 'PAYROLL DEPOSIT HARBOR STAFFING', expect: { name: 'HARBOR STAFFING' } }],
  },
  {
    // Navy Federal and Capital One 360 name the direction first: `Paid To - `, `Deposit - ACH Paid From `; a
    // credit union's export only the kind of entry (`Deposit - eBay`).
    id: 'wrapper.paid-to-from',
    pattern:
      /^(?:(?:DEPOSIT|WITHDRAWAL|PREAUTHORIZED DEPOSIT|PREAUTHORIZED WITHDRAWAL) ?-? (?:ACH )?(?:PAID )?(?:FROM|TO)|PAID (?:TO|FROM)|DEPOSIT(?= - [A-Z0-9])) ?-? /,
    yields: { via: 'ach' },
    examples: [
      { line: 'Paid To - Southwest Gas Util Pmt 50NBJPH4', expect: { name: 'SOUTHWEST GAS' } },
      { line: 'Deposit - ACH Paid From Fedex Corp Net Pay XNRG4U', expect: { name: 'FEDEX CORP' } },
      { line: 'Deposit - eBay', expect: { name: 'EBAY' } },
      { line: 'Deposit from PERISHABLE DIST. REG.SALARY', expect: { name: 'PERISHABLE DIST.' } },
      { line: 'Withdrawal to OAK HOLLOW HOA ASSESSMENT', expect: { name: 'OAK HOLLOW HOA' } },
    ],
  },
  {
    id: 'wrapper.direct-debit',
    pattern: /^(?:DIRECT|AUTOMATIC) (?:DEBIT|WITHDRAWAL|PAYMENT|PMT|DEPOSIT|DEP)(?: ?[:,-])? /,
    yields: { via: 'ach' },
    examples: [
      { line: 'Direct Debit: SPECTRUM', expect: { name: 'SPECTRUM' } },
      { line: 'AUTOMATIC WITHDRAWAL, HARBOR WATER', expect: { name: 'HARBOR WATER' } },
    ],
  },
  {
    id: 'wrapper.bill-pay',
    pattern:
      /^(?:[A-Z]{2,10} ?BANK )?(?:ONLINE |WEB |MOBILE )?(?:BILL ?PAY(?:MENT)?|BILLPAY|BILL PMT)(?:-ONLINE)?(?: CHECK| CHK)?(?: TO)?(?: ?[:-])? /,
    yields: { via: 'bill-pay' },
    examples: [
      {
        line: 'BILL PAY CITY OF AUSTIN UTILITIES ON-LINE xxxxx12345 ON 02-14',
        expect: { name: 'CITY OF AUSTIN UTILITIES' },
      },
      // A check the bank mails for the payee.
      { line: 'TDBANK BILL PAY CHECK - MAPLE COURT APARTMEN', expect: { name: 'MAPLE COURT APARTMEN' } },
      { line: 'Bill payment-online HARBOR WATER 6154 180470', expect: { name: 'HARBOR WATER' } },
    ],
  },
  {
    // Chase's bill pay: `Online Payment 64869798545 To Tidy Nest Housekeeping 01/23`.
    id: 'wrapper.online-payment-to',
    // Fifth Third prints its own name first (`5/3 ONLINE PYMT CAPITAL ONE`).
    pattern:
      /^(?:ONLINE|MOBILE|RECURRING) (?:REAL ?TIME )?(?:PAYMENT|PMT)(?: \d{6,})? TO |^5\/3 (?:ONLINE |MOBILE )?(?:PYMT|PMT|PAYMENT|BILL ?PAY)(?: TO)? /,
    yields: { via: 'bill-pay' },
    examples: [
      {
        line: 'Online Payment 64869798545 To Tidy Nest Housekeeping 01/23',
        expect: { name: 'TIDY NEST HOUSEKEEPING' },
      },
      { line: '5/3 ONLINE PYMT CAPITAL ONE', expect: { name: 'CAPITAL ONE' } },
      {
        line: 'Online RealTime payment to Lakeside Securities transaction#: 1131296 REFERENCE#:700113129',
        expect: { name: 'LAKESIDE SECURITIES' },
      },
    ],
  },
  {
    // Chase's QuickPay, Zelle's predecessor: `Chase QuickPay Electronic Transfer 5328711437 to Budget Nerd`.
    id: 'wrapper.quickpay',
    pattern: /^CHASE QUICKPAY (?:ELECTRONIC )?TRANSFER(?: \d+)? (?:TO|FROM) /,
    yields: { via: 'p2p' },
    examples: [
      {
        line: 'Chase QuickPay Electronic Transfer 5328711437 to Maria Lopez',
        expect: { name: 'MARIA LOPEZ', wrapper: 'wrapper.quickpay' },
      },
    ],
  },
  {
    // A statement's own posting date first (`03/06 Online Payment 23966146507 To Mr. Cooper`), as lines
    // copied from a PDF statement keep it: the line's wrapper, if any, follows it.
    id: 'wrapper.posting-date',
    pattern: /^\d{2}\/\d{2}(?:\/\d{2,4})? (?=[A-Z])/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: '03/06 Online Payment 23966146507 To Lakeside Mortgage',
        expect: { name: 'LAKESIDE MORTGAGE', wrapper: 'wrapper.online-payment-to' },
      },
    ],
  },
  {
    // A number and a dash before the name (`32689 - 360 HUBBARD-UBI CHICAGO IL`): the store's or terminal's.
    id: 'wrapper.leading-number',
    pattern: /^(?!76 )(?:\d{4,} - (?=[A-Z0-9])|\d{2,3} - (?=[A-Z]{2}))/,
    yields: { via: 'card', silent: true },
    examples: [
      { line: '32689 - 360 HUBBARD-UBI CHICAGO IL', expect: { name: '360 HUBBARD' } },
      {
        line: '36 - SEPHORA 7 12/22 PURCHASE SAN DIEGO CA',
        expect: { name: 'SEPHORA 7', city: 'SAN DIEGO' },
      },
    ],
  },
  {
    // The card's last digits first (`Card 1234 ROSAS TAQUERIA HOUSTON TX 02/14`).
    id: 'wrapper.card-first',
    pattern: /^(?:CARD|CRD)(?: ?#| (?:X+|\*+))? ?\d{4} (?=[A-Z]|\d{1,2}[ -])/,
    yields: { via: 'card' },
    examples: [{ line: 'Card 1234 Rosas Taqueria Houston TX 02/14', expect: { name: 'ROSAS TAQUERIA' } }],
  },
  {
    // The terminal, time and date fields a card entry prints before the merchant, labelled or not
    // (`POINT OF SALE DEBIT L340 TIME 12:34 PM DATE 02-14 ...`, `DEBIT CARD PURCHASE 02/14 11:32a #1234 ...`).
    id: 'wrapper.card-fields',
    pattern: new RegExp(
      `^(?:[A-Z]\\d{3,} )?(?:${cardField}|${clockTime})(?: (?:${cardField}|${clockTime}|#\\d+))* (?=[A-Z]|\\d{1,2}[ -])`,
    ),
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'POINT OF SALE DEBIT L340 TIME 12:34 PM DATE 02-14 ROSAS TAQUERIA HOUSTON TX',
        expect: { name: 'ROSAS TAQUERIA', city: 'HOUSTON' },
      },
      {
        line: 'Debit Card Purchase 02/14 11:32a #1234 Rosas Taqueria Houston TX',
        expect: { name: 'ROSAS TAQUERIA' },
      },
      {
        line: 'Debit Card Purchase 02/14 11:32a #1234 7-ELEVEN 13476 HONOLULU HI',
        expect: { name: '7-ELEVEN' },
      },
      {
        line: 'POS PURCHASE - TERMINAL 12345678 ROSAS TAQUERIA HOUSTON TX',
        expect: { name: 'ROSAS TAQUERIA' },
      },
      { line: 'DATE NIGHT BISTRO', expect: { name: 'DATE NIGHT BISTRO' } },
    ],
  },
  {
    // A bank the tables above do not know still words its card entries from a small vocabulary: a run of
    // those words, with the dates, times and numbers between them, is no part of any merchant's name.
    id: 'wrapper.card-words',
    // A run starts with a word no name starts with; shorter words (`AP`, `SIG`, `TERMINAL 123456`) only follow.
    pattern: new RegExp(
      `^(?:(?:MC (?=PURCHASE|DEBIT)|MERCHANT (?=PURCHASE))?(?:${cardWords})|MERCHANT REFUND)${cardIds}(?:[ /,-]+(?:${cardWords}|${cardWordsAfter})${cardIds})*(?: @)?[ /,-]+(?=[A-Z0-9])`,
    ),
    yields: { via: 'card' },
    examples: [
      {
        line: 'DEBIT SIGNATURE PURCHASE 0412 BLUE DOOR BISTRO DENVER CO',
        expect: { name: 'BLUE DOOR BISTRO', city: 'DENVER' },
      },
      { line: 'DEBIT SIGNATURE PURCHASE 0412 7-ELEVEN 35864 HENDERSON CO', expect: { name: '7-ELEVEN' } },
      // The account's masked number first (a community bank's export, in lower case).
      { line: 'xx1234 dda purchase harbor grill austin tx', expect: { name: 'HARBOR GRILL', region: 'TX' } },
      {
        line: 'DEBIT SIGNATURE PURCHASE 0412 76 - DBA HARBOR FUEL NEW YORK NY',
        expect: { name: 'HARBOR FUEL' },
      },
      { line: 'DEBIT TRANSACTION 02/14 12:31 ROSAS TAQUERIA', expect: { name: 'ROSAS TAQUERIA' } },
      { line: 'CARD FACTORY', expect: { name: 'CARD FACTORY' } },
      {
        line: 'POS PURCHASE MERCHANT PURCHASE TERMINAL 123456 GOLDEN DRAGON CAFE NEW YORK NY',
        expect: { name: 'GOLDEN DRAGON CAFE', city: 'NEW YORK' },
      },
      { line: 'DDA PURCHASE *XXXX XXXXXXXX FAMILY DOLLAR', expect: { name: 'FAMILY DOLLAR' } },
      { line: 'CKCD DEBIT 03/12 GOLDEN DRAGON CAFE NEW YORK NY', expect: { name: 'GOLDEN DRAGON CAFE' } },
      { line: 'MC PURCHASE 03/12 GOLDEN DRAGON CAFE', expect: { name: 'GOLDEN DRAGON CAFE' } },
      { line: 'WTHDRL DDA GOLDEN DRAGON CAFE', expect: { name: 'GOLDEN DRAGON CAFE' } },
      {
        line: 'DEBIT POS AP, AUT 120225 DDA PURCHASE AP HARBOR CASH CARRY BROOKLYN * NY',
        expect: { name: 'HARBOR CASH CARRY', region: 'NY' },
      },
      { line: 'EPAY DEBIT CITY WATER DEPT', expect: { name: 'CITY WATER DEPT' } },
      { line: 'SIG SAUER ACADEMY', expect: { name: 'SIG SAUER ACADEMY' } },
    ],
  },
  {
    id: 'wrapper.transfer',
    pattern:
      /^(?:ONLINE (?:BANKING )?|MOBILE (?:BANKING )?|INTERNET (?:BANKING )?|INTERNAL |ACCOUNT |FUNDS |INSTANT )?(?:TRANSFER|XFER|TFR)(?: REF ?#\S+)?(?: (?:TO|FROM))?(?: ?[:-])? /,
    yields: { via: 'transfer' },
    examples: [
      {
        line: 'Online Banking transfer to CHK 1234 Confirmation# 4412239822',
        expect: { wrapper: 'wrapper.transfer' },
      },
      // Wells Fargo: the reference first, the account after (`... TO PLATINUM CARD XXXXXXXXXXXX8289 ON 07/29/17`).
      {
        line: 'ONLINE TRANSFER REF #IBECNPQ5H4 TO PLATINUM CARD XXXXXXXXXXXX8289 ON 07/29/17',
        expect: { name: 'PLATINUM CARD' },
      },
    ],
  },
];

/** Trailing wrappers and card references the bank appends after the descriptor. */
export const trailingWrappers: readonly WrapperRule[] = [
  ...trailingWrappersAbroad,
  ...trailingWrappersDutch,
  ...trailingWrappersFrench,
  ...trailingWrappersGerman,
  {
    id: 'wrapper.card-suffix',
    pattern: / (?:(?:CARD|CRD|CARD ?#|C#|CARD NO\.?|FROM CARD#:?|CD)(?: ?(?:X+|\*+))? ?\d{4}|FROM CARD#?:?)$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'PURCHASE AUTHORIZED ON 01/02 SHELL OIL 574423 HOUSTON TX CARD 9911',
        expect: { region: 'TX' },
      },
    ],
  },
  {
    // A card issuer's export marks a merchant's credit after the state (USAA: `HARBOR OUTFITTERS #0337
    // MECHANICSBURG PA     CREDIT`): the merchant gave the money back.
    id: 'wrapper.credit-suffix',
    pattern: /(?<= [A-Z]{2}) CREDIT$/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'HARBOR OUTFITTERS #0337 MECHANICSBURG PA     CREDIT',
        expect: { name: 'HARBOR OUTFITTERS', region: 'PA', wrapper: 'wrapper.credit-suffix' },
      },
    ],
  },
  {
    // The issuer's offer credit after the merchant's descriptor (`CHARLES TYRWHITT SHIRTS LIMITED WILMINGTON
    // Amex Offer Credit`).
    id: 'wrapper.offer-credit-suffix',
    pattern: / (?:AMEX|CHASE|CITI|BOFA) OFFER CREDIT$/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'CHARLES TYRWHITT SHIRTS LIMITED WILMINGTON Amex Offer Credit',
        expect: { wrapper: 'wrapper.offer-credit-suffix' },
      },
    ],
  },
  {
    // A store or health card's promotional financing after the merchant (Synchrony's CareCredit and store
    // cards): `... WA. DEFERRED/NO INT IF PD IN FULL 6080`, `NO INTEREST IF PAID IN FULL`, `EQUAL PAYMENT`.
    id: 'wrapper.promo-financing-suffix',
    pattern:
      /\.? (?:(?:DEFERRED ?\/ ?)?NO INT(?:EREST)? IF P(?:AI)?D IN FULL|DEFERRED INT(?:EREST)?|(?:REDUCED APR|EQUAL) PA?YME?N?T)(?: \d+(?: ?MO(?:NTHS?)?)?)?$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'LAKESIDE FAMILY DENTAL OLYMPIA WA. DEFERRED/NO INT IF PD IN FULL 6080',
        expect: { name: 'LAKESIDE FAMILY DENTAL', city: 'OLYMPIA', region: 'WA' },
      },
      {
        line: 'NORTHGATE ANIMAL CLINIC SPOKANE WA NO INTEREST IF PAID IN FULL 12 MO',
        expect: { name: 'NORTHGATE ANIMAL CLINIC', city: 'SPOKANE' },
      },
    ],
  },
  {
    // PNC prints the kind of entry after the descriptor: `... CA POS PURCHASE POS207 XXX36`.
    id: 'wrapper.entry-suffix',
    pattern:
      / (?:POS|ATM|DEBIT CARD|CHECK CARD) (?:PURCHASE|WITHDRAWAL|DEBIT|REFUND|RETURN|CREDIT)(?: POS(?: ?[X\d]+)?)?(?: X+\d+)?$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'SQ *COLD CREEK TAPROOM TACOMA WA 98402 POS PURCHASE POS207 XXX36',
        expect: { name: 'COLD CREEK TAPROOM', city: 'TACOMA', postalCode: '98402' },
      },
      {
        line: 'STUDIO 9 SALON 207-508-9336 ME POS PURCHASE POS077 XXX76',
        expect: { name: 'STUDIO 9 SALON', phone: '207-508-9336', region: 'ME' },
      },
    ],
  },
  {
    // The same credit union's ACH entries: `ICONECTIV, LLC. PAYROLL : ACH Electronic Credit`.
    id: 'wrapper.colon-ach-entry',
    pattern: / : ACH (?:ELECTRONIC )?(?:CREDIT|DEBIT)\b.*$/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'BRIGHTLINE LOGISTICS PAYROLL : ACH Electronic Credit',
        expect: { name: 'BRIGHTLINE LOGISTICS' },
      },
    ],
  },
  {
    // A credit union's kind of entry after ` : ` (`... WV 24 : Mobile Purchase Sign Based 10/08 05:38p #7971`).
    id: 'wrapper.colon-entry',
    // Not a Zelle entry: its person is a field (`PATRICK WELL : Zelle Credit PAY ID:...`).
    pattern:
      / (?:\d{2,5} )?: (?!ZELLE\b)(?:[A-Z]+ ){0,3}(?:PURCHASE|WITHDRAWAL|PAYMENT|REFUND|DEPOSIT|CREDIT)\b.*$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'TST* LITTLE ITALY PIZZ SCRANTON PA 24296 : Debit Card Purchase 10/22 09:59p #6224',
        expect: { name: 'LITTLE ITALY PIZZ', city: 'SCRANTON' },
      },
    ],
  },
  {
    // The entry's class and the receiver after it (`... 021000026641877 PPD Dale M Hopkins Jr.`), perhaps the
    // biller's site after them (`Bill.com`).
    id: 'wrapper.class-receiver',
    // A person's words, a dot only ending one (`JR.`): not a host (`AMAZON WEB SERVICES AWS.AMAZON.COM WA`).
    pattern:
      / (?:PPD|CCD|WEB|TEL) (?!ID\b)[A-Z][A-Z'-]*\.?(?: [A-Z][A-Z'-]*\.?){1,4}(?: [A-Z0-9-]+\.(?:COM|NET|ORG))?$/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'ACH Credit 1204895317 Gentry Inc. 021000026641877 PPD Dale M Hopkins Jr.',
        expect: { name: 'GENTRY INC.' },
      },
    ],
  },
  {
    // A business account's ACH lines end in a masked account (`SI-BONE INC      PAYROLL    ***********7FMC`).
    id: 'wrapper.masked-account',
    pattern: / \*{6,}[A-Z0-9]{2,8}$/,
    yields: { via: 'ach' },
    examples: [
      { line: 'HARBOR BIOTECH INC      PAYROLL    ***********7FMC', expect: { name: 'HARBOR BIOTECH INC' } },
    ],
  },
  {
    // A credit union's card, after `%%`: `... %% Card 10 #5780`.
    id: 'wrapper.percent-card',
    pattern: / %% CARD \d+ #\d{4}$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Withdrawal Southwest Airlines 800-9207405 CA Date 05/21/22 24906412141147813135333 4722 %% Card 10 #5780',
        expect: { name: 'SOUTHWEST AIRLINES', phone: '800-920-7405' },
      },
    ],
  },
  {
    // A store's own debit card, settled by ACH: `TARGET DEBIT CRD ACH TRAN 250601 000018701232302 3S5540 TARGET 1870 ...`.
    id: 'wrapper.store-card-ach',
    pattern: / DEBIT CRD ACH TRAN\b.*$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'TARGET DEBIT CRD ACH TRAN 250601 000018701232302 3S5540 TARGET 1870 SIMPSONVILLE S',
        expect: { name: 'TARGET' },
      },
      { line: 'POS WALMART DEBIT CRD ACH TRAN CO ID:XXXXX15170', expect: { name: 'WALMART' } },
    ],
  },
  {
    // The merchant's category code in the text (`... Card 1234Merchant Category Code: 5814`, `... ?MCC=5411`).
    id: 'wrapper.category-code',
    pattern: new RegExp(` (?:CARD \\d{4} ?)?${statedCategoryCode.source}$`),
    yields: { via: 'card' },
    examples: [
      {
        line: 'ALPINE BAKERY AUSTIN TX Card 1234Merchant Category Code: 5462',
        expect: { name: 'ALPINE BAKERY', city: 'AUSTIN', region: 'TX' },
      },
    ],
  },
  {
    id: 'wrapper.date-label',
    pattern: / DATE:? \d{2}\/\d{2}(?:\/\d{2,4})?(?= |$)/,
    yields: { via: 'card', silent: true },
    examples: [
      { line: 'CORNER BAKERY CAFE DATE 03/14/25 416507822530133', expect: { name: 'CORNER BAKERY CAFE' } },
    ],
  },
  {
    // Bank of America's debit lines put the date and the entry between the name and the place.
    id: 'wrapper.dated-entry-infix',
    pattern:
      / \d{2}\/\d{2}(?: #(?:X*\d+)?)? (?:MOBILE )?(?:PURCHASE(?! RETURN)|PMNT SENT|PMNT RCVD|RECURRING)(?= |$)/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'MAIN STREET GIFTS 11/27 PURCHASE PEORIA IL',
        expect: { name: 'MAIN STREET GIFTS', city: 'PEORIA', region: 'IL' },
      },
      { line: 'TST* PELICAN PETES 10/06 PURCHASE TAMPA FL', expect: { display: "Pelican Pete's" } },
      // The name again after the entry, with the place.
      {
        line: 'LIGHTHOUSE FISH FRY 08/23 #000089583 PURCHASE LIGHTHOUSE FISH FRY ERIE PA',
        expect: { name: 'LIGHTHOUSE FISH FRY', city: 'ERIE', region: 'PA' },
      },
      // An aggregator's copy masks the number's digits.
      {
        line: 'LIGHTHOUSE FISH FRY 08/23 #xxxxx9583 PURCHASE LIGHTHOUSE FISH FRY ERIE PA',
        expect: { name: 'LIGHTHOUSE FISH FRY', city: 'ERIE', region: 'PA' },
      },
    ],
  },
  {
    // The same entry for money back: `UBER EATS 07/29 REFUND 800-592-8996 CA`.
    id: 'wrapper.dated-refund-infix',
    pattern: / \d{2}\/\d{2}(?: #(?:X*\d+)?)? (?:MOBILE )?(?:PURCHASE RETURN|REFUND)(?= |$)/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'HARBOR FREIGHT TOOLS 07/29 PURCHASE RETURN PEORIA IL',
        expect: { name: 'HARBOR FREIGHT TOOLS', wrapper: 'wrapper.dated-refund-infix' },
      },
    ],
  },
  {
    // Money pushed to a card over Visa Direct or Mastercard Send (`VENMO* JANE DOE VISA DIRECT NY`).
    id: 'wrapper.push-to-card',
    pattern: / (?:VISA DIRECT|MC SEND|MASTERCARD SEND|MASTERCARD MONEYSEND)(?= [A-Z]{2}$|$)/,
    yields: { via: 'p2p' },
    examples: [{ line: 'POS DEBIT VENMO* Tyler Scott Visa Direct NY', expect: { name: 'TYLER SCOTT' } }],
  },
  {
    id: 'wrapper.reference-suffix',
    // Wells Fargo cuts the card's digits at the end of the field (`S305150623896321 Card`).
    pattern: / [SP]\d{6,}(?: CARD)?$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'PURCHASE AUTHORIZED ON 02/14 SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA S381234 CARD 1234',
        expect: { name: 'BLUE BOTTLE COFFEE', region: 'CA' },
      },
      {
        line: 'Purchase authorized on 05/30 Sheetz 5307 Stuart FL S305150623896321 Card',
        expect: { name: 'SHEETZ', city: 'STUART', region: 'FL' },
      },
    ],
  },
  {
    // An instant payment's bank and reference: `... Credit via Trust 20250121021214273P1BO1JI2538 REMT N`.
    id: 'wrapper.via-bank',
    pattern: / (?:CREDIT|DEBIT|PAYMENT) VIA [A-Z][A-Z&' ]*?(?: [A-Z0-9]*\d[A-Z0-9]*)*(?: REMT [A-Z])?$/,
    yields: { via: 'transfer', silent: true },
    examples: [
      {
        line: 'Instant Payment Credit Maple Staffing Credit via Trust 20250121021214273P1BO1JI25381432658 REMT N',
        expect: { name: 'MAPLE STAFFING' },
      },
    ],
  },
  {
    // The app a payment went through, after the person (`Payment to Maria Lopez via Zelle`).
    id: 'wrapper.via-app',
    pattern: / VIA (?:ZELLE|VENMO|PAYPAL|CASH APP|APPLE CASH|INTERAC)$/,
    yields: { via: 'p2p', silent: true },
    examples: [{ line: 'Payment to Maria Lopez via Zelle', expect: { name: 'MARIA LOPEZ' } }],
  },
  {
    // What the issuer says of the entry, in brackets at the end (`... NY USA (PENDING)`) or before the place
    // (the terminal's system: `GORHAM'S LTD (DATACAP) PEMBROKE BM`); not the wallet the card was in (`(VIA APPLE
    // PAY)`), a third party the markers read.
    id: 'wrapper.bracketed-note',
    pattern:
      / \((?!DISPUTE|VIA |(?:APPLE|GOOGLE|SAMSUNG) ?PAY\))[A-Z][A-Z ]*\)(?=$| (?:[A-Z]+ ){1,3}[A-Z]{2}$)/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'RIVERSIDE BOOKS 12 MAIN ST SPRINGFIELD 65806 MO USA (PENDING)',
        expect: { name: 'RIVERSIDE BOOKS', region: 'MO' },
      },
      {
        line: 'CARD PAYMENT TO HARBOUR CAFE ON 12-03-2023 (VIA APPLE PAY)',
        expect: { name: 'HARBOUR CAFE', thirdParties: ['Apple Pay'] },
      },
      { line: 'HARBOUR CAFE (GOOGLE PAY)', expect: { name: 'HARBOUR CAFE', thirdParties: ['Google Pay'] } },
      {
        line: 'HARBOUR OUTFITTERS (DATACAP) SEATTLE WA',
        expect: { name: 'HARBOUR OUTFITTERS', city: 'SEATTLE' },
      },
    ],
  },
  {
    // A disputed charge credited back (`... NY USA (DISPUTE CREDIT)`).
    id: 'wrapper.dispute-credit',
    pattern: / \(DISPUTE[A-Z ]*\)$/,
    yields: { via: 'card', refund: true },
    examples: [
      {
        line: 'RIVERSIDE BOOKS 12 MAIN ST SPRINGFIELD 65806 MO USA (DISPUTE CREDIT)',
        expect: { name: 'RIVERSIDE BOOKS', wrapper: 'wrapper.dispute-credit' },
      },
    ],
  },
  {
    // A debit network's terminal number between the acquirer's name and where the terminal stands
    // (`NAME - 119713 4100 MAIN ST DAYTON OH`), only before a place that ends the line: what follows the
    // dash is then the branch's, as in `NAME - MAIN ST`.
    id: 'wrapper.terminal-number',
    pattern: /(?<= -) (?:[A-Z]\d{5}|\d{6})(?= (?:.* )?[A-Z]{2}$)/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'HILLTOP GROCERS - 534801 7819 US-42 FLORENCE KY',
        expect: { name: 'HILLTOP GROCERS', region: 'KY' },
      },
      {
        line: 'HILLTOP GROCERS #11 - 119713 FLORENCE FLORENCE KY',
        expect: { name: 'HILLTOP GROCERS', city: 'FLORENCE' },
      },
    ],
  },
  {
    // Clarien Bank's (Bermuda) card purchase: the terminal and batch after the name, a reference after the place
    // (`HARBOUR GROCERY POS 1109 / 19 HAMILTON BM / 925400321639`).
    id: 'wrapper.pos-batch',
    pattern: / POS \d{1,6} \/ \d{1,4}(?= [A-Z])| \/ \d{9,}$/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'HARBOUR GROCERY POS 1109 / 19 HAMILTON BM / 925400321639',
        expect: { name: 'HARBOUR GROCERY' },
      },
    ],
  },
  {
    id: 'wrapper.on-date',
    pattern: / ON \d{2}[/-]?\d{2}(?:[/-]?\d{2,4})?(?: AT \d{1,2}:\d{2}(?: ?[AP]M?)?)?$/,
    yields: { via: 'card', silent: true },
    examples: [{ line: 'ZELLE TO SMITH JOHN ON 02/14', expect: { name: 'SMITH JOHN' } }],
  },
  {
    id: 'wrapper.bill-pay-suffix',
    pattern: / (?:ON-LINE|ONLINE PMT|RECURRING|BILL ?PAY(?:MENT)?)(?= |$)/,
    yields: { via: 'bill-pay', silent: true },
    examples: [{ line: 'BILL PAY ROYAL PROPERTY MGMT ON-LINE', expect: { name: 'ROYAL PROPERTY MGMT' } }],
  },
  {
    // Bank of America's card block closing a card entry it reverses: `CKCD`, the date, the card's number and
    // the authorisation (`... NY 05587454237000002660433 CKCD 6532 5348690006946360 540703`).
    id: 'wrapper.checkcard-block',
    pattern: / CKCD \d{4} \d{12,19}(?: \d{4,8})?$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'REVERSAL 0824 HARBOR COFFEE CO 575 NY 05587454237000002660433 CKCD 6532 5348690006946360 540703',
        expect: { name: 'HARBOR COFFEE CO', region: 'NY' },
      },
    ],
  },
  {
    // The same vocabulary after the place (`SANTA CRUZ ELECTRONICS SANTA CRUZ CA DEBIT`): the entry's kind,
    // or the card's network (`... BROOKLYN NY VISA`).
    id: 'wrapper.trailing-card-words',
    pattern: /(?: (?:DEBIT|PURCHASE|POS|SIGNATURE|SIG|WITHDRAWAL|CHECKCARD|DBT|PUR|VISA|MASTERCARD)){1,3}$/,
    yields: { via: 'card', silent: true },
    examples: [
      {
        line: 'RIVERSIDE HARDWARE SANTA CRUZ CA DEBIT',
        expect: { name: 'RIVERSIDE HARDWARE', city: 'SANTA CRUZ' },
      },
      { line: 'CORNER DELI BROOKLYN NY POS PURCHASE', expect: { name: 'CORNER DELI', region: 'NY' } },
      { line: 'CORNER DELI BROOKLYN NY VISA', expect: { name: 'CORNER DELI', region: 'NY' } },
    ],
  },
];

/** Whole lines that name no one: a card payment, a check by number, a deposit. */
export const namelessLines: readonly WrapperRule[] = [
  {
    id: 'line.card-payment',
    // Bank of America pays its own card by number (`Online Banking payment to CRD 1234`).
    pattern:
      /^(?:AUTOPAY |AUTOMATIC |ONLINE |MOBILE |ELECTRONIC |INTERNET |WEB )?(?:PAYMENT|PYMT|PMT)(?: RECEIVED)?(?: - | -|,| )?(?:THANK ?YOU|THANKYOU)|^ONLINE BANKING PAYMENT TO CRD \d{4}|^PAYMENT - (?:X{3,}\d{4}\b|AUTOPAY)/,
    yields: { via: 'card-payment' },
    examples: [
      { line: 'PAYMENT - THANK YOU', expect: { name: '' } },
      { line: 'AUTOPAY PAYMENT - THANK YOU', expect: { name: '' } },
      { line: 'Online Banking payment to CRD 1234 Confirmation# 1234567890', expect: { name: '' } },
      // A card statement's payment from the holder's masked account (USAA, HSBC USA through Mint).
      { line: 'PAYMENT - xxxxx1056                AUTOPAYLANG*]01', expect: { name: '' } },
    ],
  },
  {
    // A card's refund that names no merchant (`DEBIT CARD REFUND`).
    id: 'line.card-refund',
    // Also a sale reversed, said twice (HSBC USA: `PURCHASE REVERSAL - SALE REVERSAL`).
    pattern:
      /^(?:DEBIT |CHECK |CREDIT )?CARD (?:REFUND|RETURN|CREDIT)$|^(?:POS|PURCHASE) (?:REFUND|RETURN)$|^(?:PURCHASE|SALE) REVERSAL(?: - (?:PURCHASE|SALE) REVERSAL)?$/,
    yields: { via: 'card', refund: true },
    examples: [
      { line: 'DEBIT CARD REFUND', expect: { name: '' } },
      { line: 'PURCHASE REVERSAL - SALE REVERSAL', expect: { name: '' } },
    ],
  },
  {
    id: 'line.check',
    pattern: /^(?:CHECK|CHK|CK|CHECK PAID|PAID CHECK|CHECK NO\.?|SHARE DRAFT|DRAFT)(?: ?#| NO\.?)? ?\d+$/,
    yields: { via: 'check' },
    examples: [
      { line: 'CHECK # 1234', expect: { name: '' } },
      { line: 'CHECK 1045', expect: { name: '' } },
    ],
  },
  {
    id: 'line.deposit',
    pattern:
      /^(?:5\/3 )?(?:MOBILE|REMOTE(?: ONLINE)?|ATM|BRANCH|COUNTER|TELLER|CHECK|ECHECK|E-CHECK) (?:CHECK )?DEPOSIT(?:ED)?(?: ITEM)?\b|^(?:DEPOSIT|DEPOT)(?: (?:MOBILE|CHEQUE|CHECK|ATM|BRANCH|AU GUICHET|GUICHET|GAB|EN SUCCURSALE|AU COMPTOIR))?$/,
    yields: { via: 'deposit' },
    // Fifth Third prints its own name first (`5/3 MOBILE DEPOSIT`).
    examples: [
      { line: 'MOBILE DEPOSIT REF NUMBER 812345678', expect: { name: '' } },
      // A deposit alone, in English or French (`DEPOT MOBILE` is no Mobil station).
      { line: 'DEPOSIT', expect: { name: '' } },
      { line: 'DEPOT MOBILE', expect: { name: '' } },
      { line: '5/3 MOBILE DEPOSIT', expect: { name: '' } },
    ],
  },
];
