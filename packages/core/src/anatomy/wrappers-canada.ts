/**
 * Bank wrappers of English Canada's banks: the same jobs as the American ones of `wrappers.ts`, in their own
 * words. An Interac debit purchase (RBC's `Interac purchase - 1234`, CIBC's `Point of Sale - Interac RETAIL
 * PURCHASE`, Scotiabank's `POS Purchase` and its terminal code), a bill paid through online banking, a
 * pre-authorised debit, an Interac e-Transfer, the government's deposits. A transfer between the holder's
 * own accounts (`MB-Transfer`, `Internet Banking INTERNET TRANSFER 000000123456`) names no one: the bank rules
 * read it whole. The wording of each is from the banks' statements and export files; French wording is in
 * `wrappers-french.ts`. The merchants and people in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** A debit card's network as the banks name it. */
const debitNetwork = '(?:INTERAC|VISA DEBIT|DEBIT MASTERCARD|MASTERCARD DEBIT)';

/** Leading Canadian wrappers, each anchored and ending before the name. */
export const leadingWrappersCanada: readonly WrapperRule[] = [
  {
    // RBC: `Interac purchase - 1234 <merchant>`, `Contactless Interac purchase - 1234`, `Visa Debit purchase -
    // 1234`; CIBC: `Point of Sale - Interac RETAIL PURCHASE 000001234567 <merchant>`.
    id: 'wrapper.interac-purchase',
    pattern: new RegExp(
      `^(?:POINT OF SALE - )?(?:CONTACTLESS )?${debitNetwork}(?: RETAIL)? PURCHASE(?: ?-)?(?: \\d{4,12})? (?=[A-Z0-9#])`,
    ),
    yields: { via: 'card' },
    examples: [
      {
        line: 'Interac purchase - 1234 MAPLE LEAF DINER',
        expect: { name: 'MAPLE LEAF DINER', wrapper: 'wrapper.interac-purchase' },
      },
      { line: 'Contactless Interac purchase - 5678 HARBOUR BAKERY', expect: { name: 'HARBOUR BAKERY' } },
      {
        line: 'Point of Sale - Interac RETAIL PURCHASE 000001234567 NORTHERN LIGHTS CAFE',
        expect: { name: 'NORTHERN LIGHTS CAFE' },
      },
      { line: 'Visa Debit purchase - 4321 TIM HORTONS #5678', expect: { name: 'TIM HORTONS' } },
    ],
  },
  {
    // Money back on a debit card: `Interac refund - 1234`, `Point of Sale - Interac RETAIL REFUND`.
    id: 'wrapper.interac-refund',
    pattern: new RegExp(
      `^(?:POINT OF SALE - )?${debitNetwork}(?: RETAIL)? (?:REFUND|RETURN)(?: ?-)?(?: \\d{4,12})? (?=[A-Z0-9#])`,
    ),
    yields: { via: 'card', refund: true },
    examples: [{ line: 'Visa Debit refund - 4321 MAPLE LEAF DINER', expect: { name: 'MAPLE LEAF DINER' } }],
  },
  {
    // Scotiabank: the entry's type, then the terminal's code (`APOS`, `FPOS`, `IPOS`, `OPOS`) before the
    // merchant, the description cut at 30 characters: `POS Purchase APOS HARBOUR BAKERY # 66 TORON`.
    id: 'wrapper.scotia-pos',
    pattern: /^POS (?:PURCHASE|REFUND|RETURN) [AFIO]POS (?=[A-Z0-9#])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'POS Purchase APOS HARBOUR BAKERY # 66 TORON',
        expect: { name: 'HARBOUR BAKERY', wrapper: 'wrapper.scotia-pos' },
      },
      { line: 'POS Purchase OPOS MAPLE LEAF DINER', expect: { name: 'MAPLE LEAF DINER' } },
    ],
  },
  {
    // A bill paid through the bank's channels: RBC's `Online Banking payment - 1234 <biller>`, CIBC's
    // `Internet Banking INTERNET BILL PAY 000000123456 <biller>`, Scotiabank's `MB-Bill payment <biller>` (MB
    // mobile, PC online, TB telephone banking).
    id: 'wrapper.banking-bill-payment',
    pattern:
      /^(?:(?:ONLINE|INTERNET|TELEPHONE|MOBILE) BANKING (?:(?:INTERNET|TELEPHONE|MOBILE) )?(?:BILL PAY(?:MENT)?|PAYMENT)(?: ?-)?(?: \d{3,12})?|(?:MB|PC|TB)-BILL PAYMENT) (?=[A-Z0-9])/,
    yields: { via: 'bill-pay' },
    examples: [
      {
        line: 'Online Banking payment - 1234 HARBOUR HYDRO',
        expect: { name: 'HARBOUR HYDRO', wrapper: 'wrapper.banking-bill-payment' },
      },
      {
        line: 'Internet Banking INTERNET BILL PAY 000000123456 NORTHERN TELECOM',
        expect: { name: 'NORTHERN TELECOM' },
      },
      { line: 'MB-Bill payment HARBOUR HYDRO', expect: { name: 'HARBOUR HYDRO' } },
    ],
  },
  {
    // A pre-authorised debit or credit by EFT: CIBC's `Electronic Funds Transfer PREAUTHORIZED DEBIT <biller>`
    // and `... PAY <employer>`, Scotiabank's and RBC's `Misc Payment <biller>`.
    id: 'wrapper.funds-transfer-entry',
    pattern:
      /^(?:ELECTRONIC FUNDS TRANSFER (?:PREAUTHORIZED (?:DEBIT|CREDIT)|PAY|DEPOSIT|PAYMENT)|MISC(?:ELLANEOUS)? PAYMENT) (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      {
        line: 'Electronic Funds Transfer PREAUTHORIZED DEBIT LAKESHORE FITNESS',
        expect: { name: 'LAKESHORE FITNESS', wrapper: 'wrapper.funds-transfer-entry' },
      },
      { line: 'Electronic Funds Transfer PAY NORTHERN LOGISTICS', expect: { name: 'NORTHERN LOGISTICS' } },
      { line: 'Misc Payment LAKESHORE FITNESS', expect: { name: 'LAKESHORE FITNESS' } },
    ],
  },
  {
    // An Interac e-Transfer and its person: RBC's `e-Transfer sent <person>`, `e-Transfer - Autodeposit
    // <person>`, CIBC's `Internet Banking E-TRANSFER 010123456789 <person>`, Tangerine's `INTERAC e-Transfer
    // From: <person>`, BMO's `INTERAC ETRNSFR SENT <person>`.
    id: 'wrapper.e-transfer',
    pattern:
      /^(?:(?:INTERNET|MOBILE) BANKING E-TRANSFER(?: \d{6,})?|(?:INTERAC )?(?:E-TRANSFER|ETRNSFR)(?: (?:SENT|RECEIVED|RECD|REQUEST FULFILLED|CANCELLED))?(?: -)?(?: AUTODEPOSIT)?(?: (?:TO|FROM):?)?) (?=[A-Z])/,
    yields: { via: 'p2p' },
    examples: [
      { line: 'e-Transfer sent MARIA LOPEZ', expect: { name: 'MARIA LOPEZ', wrapper: 'wrapper.e-transfer' } },
      { line: 'Internet Banking E-TRANSFER 010123456789 Maria Lopez', expect: { name: 'MARIA LOPEZ' } },
      { line: 'INTERAC e-Transfer From: MARIA LOPEZ', expect: { name: 'MARIA LOPEZ' } },
      { line: 'e-Transfer - Autodeposit MARIA LOPEZ', expect: { name: 'MARIA LOPEZ' } },
      { line: 'INTERAC ETRNSFR SENT     MARIA LOPEZ', expect: { name: 'MARIA LOPEZ' } },
    ],
  },
  {
    // Scotiabank's entry types of money the government pays: `Tax Refund CANADA`, `Federal Payment CANADA`.
    id: 'wrapper.government-payment',
    pattern: /^(?:TAX REFUND|FEDERAL PAYMENT|PROVINCIAL PAYMENT|GOVERNMENT (?:PAYMENT|DEPOSIT)) (?=[A-Z])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'Federal Payment CANADA', expect: { name: 'CANADA', wrapper: 'wrapper.government-payment' } },
    ],
  },
];
