/**
 * The bank-line rule table: what a transfer or bank-feed line is (type and sub-type), who stands on the
 * other side, and how the money moved, from its words, the direction of money and the declared type.
 * The first row that fires wins, so the most specific facts come first. `bank-rules.test.ts` runs every
 * example of every row.
 */
import type { TransactionSubType, TransactionType, TransferInfo } from '@txenrich/schema';
import {
  paidThroughPaypal,
  paidThroughPaypalColumns,
  paidThroughPaypalDated,
} from '../anatomy/bank-fields.js';
import type { Direction } from '../normalize/direction.js';
import { canonical } from '../normalize/text.js';
import { p2pApps } from '../resolve/p2p.js';

export type Method = TransferInfo['transferMethod'];

export type CounterpartyRole = 'party' | 'app' | 'none' | 'lender';

export interface BankRuleYield {
  type: TransactionType;
  subType: TransactionSubType | null;
  /**
   * Who the counterparty is: the named party, the P2P app, nobody, or the lender the line names when the
   * catalog knows it (a transfer to `WELLS FARGO AUTOGRAPH VISA CARD` pays Wells Fargo; to `PLATINUM CARD`, nobody).
   */
  counterparty: CounterpartyRole;
  transferType?: TransferInfo['transferType'];
  method?: Method;
  refund?: boolean;
  peerToPeer?: boolean;
  /** A merchant the catalog names decides the kind (a payee paid by transfer: an airline, a broker). */
  partyDecides?: boolean;
  /** A payer the line names and the catalog knows not decides the kind (an employer's ACH deposit is pay). */
  unknownPayerDecides?: boolean;
  /** The P2P app the line names stands between, a third party, and the named party is paid (`Swish betalning <shop> AB`). */
  appBetween?: boolean;
  /**
   * The named party is the counterparty when the catalog knows it as a merchant (paid through the app, no
   * person to person); else the app is, between people (PayPal's `INST XFER` to `HULU` or to a person).
   */
  merchantOrApp?: boolean;
}

export interface BankRuleExample {
  line: string;
  direction?: Direction;
  amount?: number;
  transactionType?: string;
  /** What the whole engine makes of the line. */
  expect: { type: TransactionType; subType: TransactionSubType | null };
}

export interface BankRule {
  id: string;
  /** What a line must say: matched against the canonical line followed by its declared type. */
  when: RegExp;
  /** Only for money in this direction. */
  direction?: Direction;
  /** Only for amounts under this (either sign, in the line's currency). */
  under?: number;
  yields: BankRuleYield;
  examples: readonly BankRuleExample[];
}

/**
 * Wire wording, not the word in a name (`IN *LIVE WIRE ELECTRICAL`): `WIRE TRANSFER`, `WT 240214`, the word
 * run into the wire's reference (`210201S0274600WIRE`).
 */
/** Legal forms that end a business's name: American, British, Nordic (`AB`, `A/S`, `OY`), German and Dutch. */
const businessForms = 'LLC|INC|LTD|AB|HB|KB|AKTIEBOLAG|AKTIE|ASA|A\\/S|APS|OYJ?|GMBH|BV';

export const wireWording =
  /(?<=\d)WIRE\b|\bWIRE (?:TRANSFER|TYPE|IN|OUT|FROM|TO|CREDIT|DEBIT|FEE)\b|(?:INCOMING|OUTGOING|DOMESTIC|INTL|INTERNATIONAL|FED) WIRE\b|^WT\b|FEDWIRE|BOOK TRANSFER/;

/**
 * The machine's word, not the ATM card at a shop's till (`ATM/POS PURCHASE`, `ATM CARD PURCHASE`, `POS/ATM
 * WITHDRAWAL <shop>`): a source, for the rows of cash taken out and paid in.
 */
const atmWord = String.raw`\bATM\b(?! ?\/ ?POS\b|(?: ?\/ ?(?:DEBIT|CHECK CARD)| CARD)? PURCH)(?<!\bPOS ?\/ ?ATM)`;
/** A check by its word; a check card is a debit card and a bank's bill-pay check names its payee. */
export const checkWording = /(?<!BILL PAY )\bCHECK\b(?! ?CARD| CRD)|\bCHK\b|\bCHEQUE\b/;

export const bankRules: readonly BankRule[] = [
  {
    id: 'bank.account-verification',
    when: /ACCTVERIFY|ACCT VERIFY|VERIFYBANK|VERIFICATION|MICRO ?DEP|TRIAL DEP/,
    yields: { type: 'account_verification', subType: null, counterparty: 'party' },
    examples: [
      {
        line: 'VENMO DES:VERIFYBANK ID:7237889436 INDN:EMILY CHEN CO ID:5264681992 PPD',
        direction: 'outgoing',
        expect: { type: 'account_verification', subType: null },
      },
      {
        line: 'PAYPAL DES:VERIFYBANK ID:HSDYMFZMK5 INDN:GRACE KIM CO ID:PAYPALSD11 PPD',
        direction: 'incoming',
        expect: { type: 'account_verification', subType: null },
      },
    ],
  },
  {
    // The cents that verify an account come as ACH entries of the service being linked, whatever its
    // entry says (`ACORNS.COM DES:WEB PMTS ... 0.06`): no ACH entry is worth less than a dollar otherwise.
    id: 'bank.micro-deposit',
    when: /\bDES:|\b(?:PPD|CCD|WEB)\b|ORIG CO NAME|CO ENTRY DESCR|\bACH\b/,
    under: 1,
    yields: { type: 'account_verification', subType: null, counterparty: 'party' },
    examples: [
      {
        line: 'Acorns.com DES:WEB PMTS ID:9S2883 INDN:JANE DOE CO ID:XXXXX42693 PPD',
        direction: 'incoming',
        amount: 0.06,
        expect: { type: 'account_verification', subType: null },
      },
    ],
  },
  {
    // Cash borrowed on a credit card: no purchase, nobody paid. Its fee and interest are fees (below).
    id: 'bank.cash-advance',
    when: /^CASH ADVANCE\b(?!.*\b(?:FEE|INTEREST)\b)/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'cash_advance', counterparty: 'none' },
    examples: [
      { line: 'CASH ADVANCE', direction: 'outgoing', expect: { type: 'debt', subType: 'cash_advance' } },
    ],
  },
  {
    // Debt moved onto a card from another: a transfer, nobody paid.
    id: 'bank.balance-transfer',
    when: /^(?:BALANCE TRANSFER|BAL(?:ANCE)? XFER)\b(?!.*\b(?:FEE|INTEREST)\b)/,
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'none' },
    examples: [
      {
        line: 'BALANCE TRANSFER',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    id: 'bank.fee-nsf',
    // A direct debit the bank would not pay (`Unpaid Payment Fee`, `DISHONOUR FEE`).
    // Canadian banks' `CHQ RETURN FEE`.
    when: /\bNSF\b|RETURNED ITEM|INSUFFICIENT FUNDS|\bUNPAID (?:PAYMENT |ITEM |DIRECT DEBIT )?FEE|\bDISHONOU?R(?:ED)? (?:PAYMENT |ITEM )?FEE|\b(?:CHQ|CHEQUE|CHECK|ITEM|PAYMENT) RETURN(?:ED)? FEE\b/,
    direction: 'outgoing',
    yields: { type: 'fee', subType: 'nsf', counterparty: 'none' },
    examples: [
      { line: 'Unpaid Payment Fee', direction: 'outgoing', expect: { type: 'fee', subType: 'nsf' } },
      { line: 'NSF RETURNED ITEM FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'nsf' } },
      { line: 'INSUFFICIENT FUNDS FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'nsf' } },
      { line: 'CHQ RETURN FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'nsf' } },
    ],
  },
  {
    // Overdraft protection moves the holder's own money in (`OVERDRAFT PROTECTION TO 466004495080`); its
    // fee is a fee.
    id: 'bank.overdraft-transfer',
    when: /(?:OVERDRAFT|\bOD) (?:PROTECTION |PROT |ADVANCE )?(?:TRANSFER|XFER|TO|FROM)\b(?!.*\bFEE\b)/,
    yields: {
      type: 'other_money_movement',
      subType: 'transfer',
      counterparty: 'none',
      transferType: 'internal',
      method: 'intrabank',
    },
    examples: [
      {
        line: 'OVERDRAFT PROTECTION TO 466004495080',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'OD ADVANCE TRANSFER IN',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    id: 'bank.fee-overdraft',
    // Scotiabank's `Overdrawn Handling Chg.`; TD's and CIBC's overdraft protection fee, `O.D.P. FEE`.
    when: /OVERDRAFT|\bOD (?:ITEM |PROTECTION )?FEE|\bOVERDRAWN? FEE|\bOVERDRAWN HANDLING\b|\bO\.?D\.?P\.? FEE\b/,
    direction: 'outgoing',
    yields: { type: 'fee', subType: 'overdraft', counterparty: 'none' },
    examples: [
      {
        line: 'Overdraw Fee For exceeding available funds on 07 May',
        direction: 'outgoing',
        expect: { type: 'fee', subType: 'overdraft' },
      },
      { line: 'OVERDRAFT ITEM FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'overdraft' } },
      { line: 'O.D.P. FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'overdraft' } },
      {
        line: 'OVERDRAFT PROTECTION XFER FEE',
        direction: 'outgoing',
        expect: { type: 'fee', subType: 'overdraft' },
      },
    ],
  },
  {
    id: 'bank.fee-atm',
    when: /\bATM\b.*\bFEE\b|\bFEE\b.*\bATM\b/,
    direction: 'outgoing',
    yields: { type: 'fee', subType: 'atm', counterparty: 'none' },
    examples: [
      {
        line: 'NON-WELLS FARGO ATM TRANSACTION FEE',
        direction: 'outgoing',
        expect: { type: 'fee', subType: 'atm' },
      },
    ],
  },
  {
    id: 'bank.fee',
    // Not a word of a host (`DH-FEE.COM`).
    when: /(?<![.-])\bFEE\b(?![.-])|^FRAIS\b|^COMISION\b|\bGEBUHR(?:EN)?\b|\bENTGELT\b|KONTOFUHRUNG|^COMMISSIONI?\b|^CANONE\b|SERVICE CHARGE|\bSVC CHARGE|\bMAINTENANCE CHARGE|INTEREST CHARGE|FINANCE CHARGE|INTERNATIONAL SERVICE ASSESSMENT|CASH ADVANCE INTEREST|INTEREST CHARGED|\bEXCESS INTEREST\b|^(?:DEBIT|OVERDRAFT) INTEREST\b|AVGIFT\b|\bGEBYR\b|^(?:RORLIG )?RANTA(?= *$| [A-Z_]+$)|^WISE (?:CHARGES|BANK DETAILS)\b/,
    direction: 'outgoing',
    yields: { type: 'fee', subType: 'other', counterparty: 'none' },
    examples: [
      // Interest on an overdrawn balance, as Australian banks word it.
      { line: 'Debit Excess Interest', direction: 'outgoing', expect: { type: 'fee', subType: 'other' } },
      {
        line: 'INTEREST CHARGE ON PURCHASES',
        direction: 'outgoing',
        expect: { type: 'fee', subType: 'other' },
      },
      { line: 'MONTHLY SERVICE FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'other' } },
      { line: 'FOREIGN TRANSACTION FEE', direction: 'outgoing', expect: { type: 'fee', subType: 'other' } },
      // Swedish: a card's annual fee, interest on its balance; Wise's charge for a transfer.
      { line: 'ÅRSAVGIFT', direction: 'outgoing', expect: { type: 'fee', subType: 'other' } },
      { line: 'RÖRLIG RÄNTA', direction: 'outgoing', expect: { type: 'fee', subType: 'other' } },
      {
        line: 'Wise Charges for: TRANSFER-1203948576',
        direction: 'outgoing',
        expect: { type: 'fee', subType: 'other' },
      },
    ],
  },
  {
    // A fee the bank waived or gave back: money back, nobody paid (`Preferred Rewards-Waived Monthly Maintenance Fee`).
    id: 'bank.fee-waived',
    when: /\bWAIVED\b.*\bFEE\b|\bFEE\b.*\b(?:WAIVED|WAIVER|REFUND|REVERSAL|REVERSED|REV|REIMBURSEMENT|REIMB)\b|\bFEE (?:RFND|CREDIT)\b/,
    direction: 'incoming',
    yields: { type: 'reimbursement', subType: null, counterparty: 'none', refund: true },
    examples: [
      {
        line: 'Preferred Rewards-Waived Monthly Maintenance Fee',
        direction: 'incoming',
        expect: { type: 'reimbursement', subType: null },
      },
      // A fee another bank's machine charged, paid back (Ally's `ATM Fee Reimbursement`).
      {
        line: 'ATM Fee Reimbursement',
        direction: 'incoming',
        expect: { type: 'reimbursement', subType: null },
      },
      {
        line: 'OVERDRAFT FEE REVERSAL',
        direction: 'incoming',
        expect: { type: 'reimbursement', subType: null },
      },
    ],
  },
  {
    // Rewards paid back on a card (`CASHBACK BONUS REDEMPTION PYMT/STMT CRDT`).
    id: 'bank.rewards',
    // The card's issuer pays them, when the line names one the catalog knows (`HSBC CREDIT CARD-CASH BACK`).
    when: /CASHBACK BONUS|CASH ?BACK (?:REWARD|REDEMPTION|BONUS)|CASH REWARDS?\b|(?:REWARDS?|POINTS)(?: POINTS)? (?:REDEMPTION|CREDIT)|STMT CRDT|STATEMENT CREDIT|\bCARD-CASH ?BACK(?= *$| [A-Z_]+$)|\bREWARDS(?= *$| [A-Z_]+$)|\bCASH REDEMPTION\b|^(?:[A-Z]+ )?CASH ?BACK(?= *$| [A-Z_]+$)|^REDEMPTION CREDIT\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'other', counterparty: 'lender' },
    examples: [
      {
        line: 'CASHBACK BONUS REDEMPTION PYMT/STMT CRDT',
        direction: 'incoming',
        expect: { type: 'income', subType: 'other' },
      },
      {
        line: 'REWARD POINTS REDEMPTION',
        direction: 'incoming',
        expect: { type: 'income', subType: 'other' },
      },
      { line: 'WELLS FARGO REWARDS', direction: 'incoming', expect: { type: 'income', subType: 'other' } },
      {
        line: 'DEPOSIT FROM HSBC CREDIT CARD-CASH BACK',
        direction: 'incoming',
        expect: { type: 'income', subType: 'other' },
      },
      { line: 'REDEMPTION CREDIT', direction: 'incoming', expect: { type: 'income', subType: 'other' } },
      // A bank's or Wise's cashback on card spending, credited on its own.
      { line: 'Cashback', direction: 'incoming', expect: { type: 'income', subType: 'other' } },
      {
        line: 'YOUR CASH REWARD/REFUND IS',
        direction: 'incoming',
        expect: { type: 'income', subType: 'other' },
      },
    ],
  },
  {
    // A withdrawal that says nothing else, a date at most (`WITHDRAWAL 02/10`): money out, to no one named.
    id: 'bank.bare-withdrawal',
    when: /^(?:WITHDRAWAL|WITHDRWL|WDRL)(?: \d{1,2}\/\d{1,2}(?:\/\d{2,4})?)?(?= *$| [A-Z_]+$)/,
    direction: 'outgoing',
    yields: { type: 'other_money_movement', subType: 'withdrawal', counterparty: 'none' },
    examples: [
      {
        line: 'WITHDRAWAL 02/10',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'withdrawal' },
      },
    ],
  },
  {
    // Cash taken out or paid in at a branch or store counter (Wells Fargo: `CASH EWITHDRAWAL IN BRANCH/STORE`).
    id: 'bank.branch-cash-withdrawal',
    when: /E?WITHDRAWAL (?:MADE )?IN (?:A )?BRANCH|BRANCH WITHDRAWAL|COUNTER WITHDRAWAL|TELLER WITHDRAWAL|CASH WITHDRAWAL IN/,
    direction: 'outgoing',
    yields: { type: 'other_money_movement', subType: 'withdrawal', counterparty: 'none', method: 'cash' },
    examples: [
      {
        line: 'CASH EWITHDRAWAL IN BRANCH/STORE 03/05/2024 02:31:15 PM 123 MAIN ST LANCASTER CA 1234',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'withdrawal' },
      },
      {
        line: 'WITHDRAWAL MADE IN A BRANCH/STORE',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'withdrawal' },
      },
    ],
  },
  {
    id: 'bank.branch-deposit',
    when: /E?DEPOSIT IN BRANCH|DEPOSIT MADE IN A BRANCH|DEPOSIT AT (?:A |THE )?BRANCH|BRANCH DEPOSIT|TELLER DEPOSIT|^COUNTER (?:CREDIT|DEPOSIT)\b|^DEPOSIT +ID NUMBER\b|DEPOSIT@MOBILE|\bEDEPOSIT\b/,
    direction: 'incoming',
    yields: { type: 'other_money_movement', subType: 'deposit', counterparty: 'none' },
    examples: [
      {
        line: 'EDEPOSIT IN BRANCH/STORE 03/05/24 02:31:15 PM 123 MAIN ST LANCASTER CA 1234',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'DEPOSIT@MOBILE',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      // Wells Fargo's and Chase's counter deposits: no payer named.
      {
        line: 'DEPOSIT MADE IN A BRANCH/STORE',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'DEPOSIT  ID NUMBER 123456',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'Counter Credit',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'COUNTER DEPOSIT 0412 BRANCH 118',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
    ],
  },
  {
    // A payment received on a card or loan account (`ONLINE PAYMENT - THANK YOU`): the debt paid down.
    id: 'bank.payment-received',
    // Card statements cut it short too (`AUTOMATIC PAYMENT - THANK`), or name the account it came from
    // (`Online payment from CHK 7`).
    when: /(?:PAYMENT|PYMT|PMT)(?: RECEIVED)?(?: ?[-,] ?| )?THANK(?: ?YOU)?\b|\b(?:PAYMENT|PYMT|PMT) FROM (?:CHK|CHECKING|SAV|SAVINGS)\b/,
    yields: { type: 'debt', subType: 'payment', counterparty: 'none' },
    examples: [
      {
        line: 'ONLINE PAYMENT, THANK YOU',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'INTERNET PAYMENT - THANK YOU',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: '12/27 Online payment from CHK 4155',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
    ],
  },
  {
    // The issuer's own wording for a payment received on its card (`CAPITAL ONE AUTOPAY PYMT`, a credit).
    id: 'bank.issuer-payment-received',
    // At the end of the line (a declared type may follow the words).
    // Also its autopay's own entry (`AUTOPAY 210822085852849RAUTOPAY AUTO-PMT`), and Discover's (`DIRECTPAY FULL
    // BALANCE`, its note run into it).
    when: /\b(?:AUTOPAY|AUTO PAY|MOBILE|ONLINE|ELECTRONIC|INTERNET|WEB|PHONE) (?:PYMT|PMT|PAYMENT)(?= *$| \S+$)|^AUTOPAY\b.* AUTO-PMT(?= *$| \S+$)|^DIRECTPAY (?:FULL BALANCE|MINIMUM|FIXED|PAYMENT)/,
    direction: 'incoming',
    yields: { type: 'debt', subType: 'payment', counterparty: 'none' },
    examples: [
      {
        line: 'AUTOPAY 210822085852849RAUTOPAY AUTO-PMT',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'CAPITAL ONE MOBILE PYMT',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'DIRECTPAY FULL BALANCESEE DETAILS OF YOUR NEXT DIRECTPAY BELOW',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
    ],
  },
  {
    // A payment the line names by its channel alone (`MOBILE PAYMENT`, `ONLINE PMT 0412`), money out: no merchant
    // is named, and a credit union's or bank's app pays its own card or loan so.
    id: 'bank.bare-payment-sent',
    // The whole line, but for a declared type (`ACH_DEBIT`, `OTHER`): a word after it may be the payee.
    when: /^(?:AUTOMATIC|MOBILE|ONLINE|ELECTRONIC|INTERNET|WEB|PHONE|APP) (?:PYMT|PMT|PAYMENT)(?: #?\d+)?(?= *$| (?:[A-Z]+_[A-Z_]+|OTHER|DEBIT|ACH)$)/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'payment', counterparty: 'none' },
    examples: [
      { line: 'MOBILE PAYMENT', direction: 'outgoing', expect: { type: 'debt', subType: 'payment' } },
      { line: 'ONLINE PMT 0412', direction: 'outgoing', expect: { type: 'debt', subType: 'payment' } },
    ],
  },
  {
    // A card's payment received, named by the card, the issuer's town after (`USAA CREDIT CARD PAYMENT SAN
    // ANTONIO TX`): the issuer, when the catalog knows it, is paid.
    id: 'bank.card-payment-received',
    // Swedish card statements: `INBETALNING` (a payment in, by Bankgiro or Swish), `BETALNING MOTTAGEN, TACK`.
    when: /\bCREDIT CARD (?:PYMT|PMT|PAYMENT)\b|^INBETALNING\b|^BETALNING MOTTAGEN\b/,
    direction: 'incoming',
    yields: { type: 'debt', subType: 'payment', counterparty: 'lender' },
    examples: [
      {
        line: 'USAA CREDIT CARD PAYMENT SAN ANTONIO  TX',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
      { line: 'INBETALNING BANKGIRO', direction: 'incoming', expect: { type: 'debt', subType: 'payment' } },
      {
        line: 'BETALNING MOTTAGEN, TACK',
        direction: 'incoming',
        expect: { type: 'debt', subType: 'payment' },
      },
    ],
  },
  {
    id: 'bank.refund',
    // Not a tax refund (`IRS TREAS 310 DES: TAX REF ... TAX REFUND`), an income of its own.
    when: /\bREVERSAL\b|(?<!\bTAX )\bREFUND\b|\bRFND\b|\bRETURN(?:ED)?\b|\bCHARGEBACK\b|\bREMBOURSEMENT\b|\bANNULATION\b|\bDEVOLUCION\b/,
    yields: { type: 'reimbursement', subType: null, counterparty: 'party', refund: true },
    examples: [
      // Cut to four letters (CommBank: `Rfnd O'Seas Transaction`).
      {
        line: "Rfnd O'Seas Transaction",
        direction: 'incoming',
        expect: { type: 'reimbursement', subType: null },
      },
      {
        line: 'VERIZON REFUND 5093363579 PPD ID: 9783397101',
        direction: 'incoming',
        expect: { type: 'reimbursement', subType: null },
      },
      {
        line: 'ACH RETURN SETTLEMENT 1158140003 R01',
        transactionType: 'ACH_RETURN',
        expect: { type: 'reimbursement', subType: null },
      },
    ],
  },
  {
    // Money given back that no refund word names: a fee rebated, a disputed charge credited until the
    // dispute is settled, the bank's own correction (Bank of America's `Bank Adjustment`). Only money in: a
    // merchant may be called so (`DISPUTE RESOLUTION CTR`).
    id: 'bank.credit-back',
    when: /\bREBATE\b|\bDISPUTE\b|PROVISIONAL CR|^BANK ADJUSTMENT\b/,
    direction: 'incoming',
    yields: { type: 'reimbursement', subType: null, counterparty: 'party', refund: true },
    examples: [
      { line: 'ATM Fee Rebate', direction: 'incoming', expect: { type: 'reimbursement', subType: null } },
      { line: 'DC DISPUTE TEMP CR', direction: 'incoming', expect: { type: 'reimbursement', subType: null } },
      { line: 'Bank Adjustment', direction: 'incoming', expect: { type: 'reimbursement', subType: null } },
    ],
  },
  {
    id: 'bank.atm-withdrawal',
    // Bank of America's abroad: `LA SOCIETE GEN 12/12 #000000467 WITHDRWL LA SOCIETE GENERA PARIS`.
    // Fifth Third's machines are `JEANIE` (`5/3 JEANIE WITHDRAWAL - 002658 ... HEBRON KY`). British banks name
    // the LINK network's machines (`LNK SAINSBURYS S/MKTS CD 1234`, `LINK 01JAN ER0127`) and their own (`ATMD`).
    when: new RegExp(
      String.raw`${atmWord}|\bABM\b|^LNK |^(?:LINK|ATMD) \d{1,2}[A-Z]{3}\b|\bJEANIE WITHDRAWAL\b|CASH WITHDRAWAL|CASH DEPOSIT|\d{2}\/\d{2} #(?:X*\d+)? ?WITHDRWL\b|^RETRAIT (?:AU )?(?:GUICHET|GAB|GA|DAB)\b|^RETIRO (?:EN )?(?:ATH|ATM|CAJERO)\b|\bGELDAUTOMAT\b|BARGELDAUSZAHLUNG|BARGELDABHEBUNG|^PRELIEVO\b|^REINTEGRO (?:EN )?CAJERO\b|^GEA,? (?:BETAALPAS|NR:)|\bGELDAUTOMAAT\b|^GELDMAAT\b`,
    ),
    direction: 'outgoing',
    yields: { type: 'atm', subType: 'withdrawal', counterparty: 'party', method: 'cash' },
    examples: [
      {
        line: 'ATM WITHDRAWAL PNC BANK ATM 5221 PARK AVE SAN DIEGO CA',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      // ABN AMRO: a cash machine's entry (geldautomaat).
      {
        line: 'GEA, Betaalpas Geldmaat Stationsplein,PAS123 NR:012345, 12.02.23/17:55 UTRECHT',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      // Rabobank's counterparty column: the Dutch banks' shared cash machines by their network's name.
      {
        line: 'Geldmaat Stationsplein 12',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      {
        line: 'BANCO SANTAND 03/02 #000000512 WITHDRWL BANCO SANTANDER MADRID',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      // An aggregator's copy masks the number's digits.
      {
        line: 'BANCO SANTAND 03/02 #xxxxx0512 WITHDRWL BANCO SANTANDER MADRID',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      {
        line: '5/3 JEANIE WITHDRAWAL - 004512 100 MAIN ST DAYTON OH',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      {
        line: 'ATM CARD WITHDRAWAL 7-ELEVEN 1234 DALLAS TX',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      // British lines: a machine of the LINK network, the bank's own.
      {
        line: 'LNK CO-OP GROUP 070042 CD 4321',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
      { line: 'LINK 14MAR ER0127', direction: 'outgoing', expect: { type: 'atm', subType: 'withdrawal' } },
      {
        line: 'ATMD 06JUN BOI 905053',
        direction: 'outgoing',
        expect: { type: 'atm', subType: 'withdrawal' },
      },
    ],
  },
  {
    id: 'bank.atm-deposit',
    when: new RegExp(String.raw`${atmWord}|\bABM\b|\bJEANIE DEPOSIT\b|CASH DEPOSIT|INSATTNINGSAUTOMAT`),
    direction: 'incoming',
    yields: { type: 'atm', subType: 'deposit', counterparty: 'party', method: 'cash' },
    examples: [
      {
        line: 'BKOFAMERICA ATM 03/23 #620215063 DEPOSIT SEATTLE WA',
        direction: 'incoming',
        expect: { type: 'atm', subType: 'deposit' },
      },
      // Swedish: a deposit machine's.
      { line: 'Insättningsautomat', direction: 'incoming', expect: { type: 'atm', subType: 'deposit' } },
    ],
  },
  {
    id: 'bank.app-cash-out',
    when: /CASHOUT|CASH OUT|INSTANT TRANSFER|STANDARD TRANSFER/,
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'app' },
    examples: [
      {
        line: 'VENMO DES:CASHOUT ID:56615597892 INDN:SARAH MILLER CO ID:5264681992 PPD',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    // Money moved from the user's own app balance to the bank: not a payment between people.
    id: 'bank.app-balance-in',
    when: /(?:VENMO|CASH APP|APPLE CASH|PAYPAL)\b.*(?:DES:\s*(?:TRANSFER|CASH APP)|INST XFER|TRANSFER|PPD)/,
    direction: 'incoming',
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'app' },
    examples: [
      {
        line: 'APPLE CASH DES:TRANSFER ID:4483909880 INDN:BRANDON DAVIS CO ID:2942404110 PPD',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    // PayPal paying from the bank whom its individual's id names (anatomy: `fields.paypal-paid`, the column
    // Chase prints it in, or after Wells Fargo's date): a shop the catalog knows, or any name that is no
    // person's, is a purchase through PayPal; a person is paid P2P.
    id: 'bank.paypal-paid',
    when: new RegExp(
      `${paidThroughPaypal.source}|${paidThroughPaypalColumns.source}|${paidThroughPaypalDated.source}`,
    ),
    direction: 'outgoing',
    yields: {
      type: 'other_money_movement',
      subType: 'transfer',
      counterparty: 'party',
      partyDecides: true,
      appBetween: true,
      peerToPeer: true,
      merchantOrApp: true,
    },
    examples: [
      {
        line: 'ORIG CO NAME:PAYPAL           CO ENTRY DESCR:INST XFER  SEC:WEB IND ID:HULU            ORIG ID:PAYPALSI77',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
      {
        line: 'PAYPAL           INST XFER  HULU 14551238 WEB ID: PAYPALSI77',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
      {
        line: 'PAYPAL DES:INST XFER ID:JOHN SMITH INDN:JANE DOE CO ID:PAYPALSI77 WEB',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'PAYPAL INST XFER 160627 AIRBNB MATIAS BORDESE',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
      {
        line: 'PAYPAL DES:INST XFER ID:HARBORGEAR INDN:JANE DOE CO ID:PAYPALSI77 WEB',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
    ],
  },
  {
    // A P2P app paying a business, which its legal form ending the line says (`Swish betalning TELE2 SVERIGE
    // AB`): a purchase or a bill, the app between.
    id: 'bank.p2p-business',
    when: new RegExp(`(?:${p2pApps.source}).* (?:${businessForms})(?= *$| [A-Z_]+$)`),
    direction: 'outgoing',
    yields: { type: 'spending', subType: null, counterparty: 'party', partyDecides: true, appBetween: true },
    examples: [
      {
        line: 'Swish betalning SOLBACKA ENERGI AB',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
    ],
  },
  {
    id: 'bank.p2p',
    // Bank of America's Zelle lines before the name (`Mobile/Email Transfer Conf# ...; Reyes, Daniel`), push
    // payments to a card (`PMNT SENT 0331 GRANT HOLLOWAY`).
    when: new RegExp(
      `${p2pApps.source}|^MOBILE\\/EMAIL TRANSFER\\b|^PMNT (?:SENT|RCVD)\\b|^CHASE QUICKPAY\\b`,
    ),
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'app', peerToPeer: true },
    examples: [
      {
        line: 'Zelle payment to JOHN SMITH Conf# h7xk2m9q1',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'VENMO *GRACE KIM',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    // A real-time payment its bank calls a transfer (Chase: `REAL TIME TRANSFER RECD FROM ABA/... FROM: <party>`):
    // money moved between accounts, the party named (an app's balance paid out, a person).
    id: 'bank.real-time-transfer',
    when: /^(?:REAL TIME|RTP|FEDNOW|INSTANT) TRANSFER\b/,
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'party', method: 'rtp' },
    examples: [
      {
        line: 'REAL TIME TRANSFER RECD FROM ABA/021000021 FROM: PAYPAL REF: 22090701072367470 INFO:  IID: 20220906021000021P1BRJPM00040078616 RECD: 21:06:01 TRN: 0575091249RV',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    id: 'bank.wire',
    // Wire wording, or a declared wire type (`US_WIRE_INCOMING`).
    when: new RegExp(`WIRE_|${wireWording.source}`),
    yields: { type: 'other_money_movement', subType: 'transfer', counterparty: 'none', method: 'wire' },
    examples: [
      {
        line: 'WT FED#62441 BANK OF AMERICA /ORG=BLUE HERON CONSULTING INC SRF# 0077202593 TRN#250219732343 RFB# 248422',
        transactionType: 'US_WIRE_INCOMING',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: '210201S0274600WIRE',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    // A transfer to the holder's own card or loan at the bank pays it (`ONLINE TRANSFER ... TO PLATINUM CARD
    // XXXX8289`, `Home Banking Transfer To Loan 80`).
    id: 'bank.transfer-to-card-or-loan',
    // TD Canada Trust's `WX435 TFR-TO C/C`: to the holder's credit card; Scotiabank's `Customer Transfer Dr.
    // MB-CREDIT CARD/LOC PAY.`: to its card or line of credit.
    when: /\b(?:TRANSFER|XFER|TFR)\b.*\bTO (?:[A-Z]+ ){0,4}(?:CARD|CREDIT CARD|LOANS?|MORTGAGE|HELOC|LINE OF CREDIT|C\/C|CREDIT (?:CARD )?ACCOUNT)(?![A-Z])|^CUSTOMER TRANSFER DR\b.*\b(?:CREDIT CARD|LOC|LOAN|MORTGAGE)\b/,
    direction: 'outgoing',
    yields: {
      type: 'debt',
      subType: 'payment',
      counterparty: 'lender',
      transferType: 'internal',
      method: 'intrabank',
    },
    examples: [
      {
        line: 'ONLINE TRANSFER REF #IBECNPQ5H4 TO PLATINUM CARD XXXXXXXXXXXX8289 ON 07/29/17',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'ONLINE TRANSFER REF #IB0RNRK4DG TO WELLS FARGO AUTOGRAPH VISA CARD XXXXXXXXXXXX6092 ON 03/16/25',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'Withdrawal Home Banking Transfer To Loan 80 TRANSFER',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      { line: 'WX435 TFR-TO C/C', direction: 'outgoing', expect: { type: 'debt', subType: 'payment' } },
      {
        line: 'AUTOMATIC TRANSFER TO CREDIT ACCOUNT #xxxxxx3437',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'Customer Transfer Dr. MB-CREDIT CARD/LOC PAY.',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
    ],
  },
  {
    // A real-time payment to or from the party the line names: British Faster Payments and standing orders
    // (`FASTER PAYMENTS RECEIPT REF.RENT FROM ROWAN ASHBY`), Australia's fast transfers and Osko, CommBank's
    // transfers to a payee by PayID or from its app (`Transfer To <payee> PayID Email from CommBank App`). A
    // merchant the catalog knows decides the kind (a bill paid by Faster Payment is spending).
    id: 'bank.named-transfer',
    when: /\bFASTER PAYMENTS?\b|^STANDING ORDER\b|^(?:FAST|OSKO) (?:TRANSFER|PAYMENT) (?:TO|FROM)\b|^(?:DEPOSIT|WITHDRAWAL)(?:-| )(?:ONLINE|MOBILE|OSKO) \d+ (?:TFR|PYMT|PAYMENT)\b|^TRANSFER TO (?!XX\d).*\b(?:PAYID|COMMBANK APP)\b/,
    yields: {
      type: 'other_money_movement',
      subType: 'transfer',
      counterparty: 'party',
      transferType: 'external',
      method: 'rtp',
      partyDecides: true,
    },
    examples: [
      {
        line: 'FASTER PAYMENTS RECEIPT REF.RENT FROM ROWAN ASHBY',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'STANDING ORDER VIA FASTER PAYMENT TO ELSIE MARCH REFERENCE RENT , MANDATE NO 12',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'Fast Transfer From TOBIAS WREN',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'Transfer To Rowan Ashby PayID Phone from CommBank App Dinner',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    id: 'bank.own-account-transfer',
    when: /TRANSFER (?:(?:DEBIT|CREDIT) )?(?:TO|FROM)|ONLINE (?:BANKING )?TRANSFER|INTERNAL TRANSFER|\bXFER (?:TO|FROM)|\bXFR\b|TRANSFER \w+ (?:CHK|SAV)|\bTO (?:CHK|SAV|CHECKING|SAVINGS)\b|\bFROM (?:CHK|SAV|CHECKING|SAVINGS)\b|^(?:WITHDRAWAL|DEPOSIT) (?:TO|FROM) .*\b(?:SAVINGS|CHECKING)\b|\bTRSFR\b|(?<!ELECTRONIC )FUNDS TRANSFER|BANKING (?:INTERNET |MOBILE |TELEPHONE )?TRANSFER|^(?:MB|PC|TB)-TRANSFER\b|^CUSTOMER TRANSFER (?:DR|CR)\b|^ROUND ?UPS? TRANSFER|KEEP THE CHANGE|\bTFR-(?:TO|FR)\b|\b(?:VIREMENT|TRANSFERT) ENTRE COMPTES\b|^(?:INTERNET|ONLINE|HOME BANKING) WITHDRAWAL(?= *$| [A-Z_]+$)|\bTRANSFER \d+ +(?:TO|FROM) +\d{6,}(?= *$| [A-Z_]+$)|^CONVERTED (?:[\d.,]+ )?[A-Z]{3} TO (?:[\d.,]+ )?[A-Z]{3}\b|^TOPPED UP (?:ACCOUNT|BALANCE)\b|^TF \d{4}#\d{4}-\d{3}\b|\bTF (?:TO|FROM?) \d{4} \d{4} \d{3}\b|\bREGULAR SAVER\b/,
    yields: {
      type: 'other_money_movement',
      subType: 'transfer',
      counterparty: 'none',
      transferType: 'internal',
      method: 'intrabank',
    },
    examples: [
      // BMO's transfer between the holder's accounts, by transit and account number.
      {
        line: 'TF 3678#8860-245',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: '[DM]BR.0071                  TF TO 3678 8860 245',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // Online banking's withdrawal that says nothing more: money moved to another account of the holder.
      {
        line: 'INTERNET WITHDRAWAL',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'USAA FUNDS TRANSFER CR',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'ONLINE TRANSFER TO SAV XXXXXX1234',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'Withdrawal to 360 Performance Savings XXXXXXX1599',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'SAVE AS YOU GO TRANSFER DEBIT TO XXXXXXXXXXX8515',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // Spare change swept to the holder's savings.
      {
        line: 'Round Up Transfer',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // ANZ: the receipt number, then the other account's number and nothing else.
      {
        line: 'ANZ M-BANKING FUNDS TFER TRANSFER 704021  TO  012403264049844',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // A credit union's app moving money between the member's accounts (`XFR`, a transfer's shortening).
      {
        line: 'MOBILE XFR DB',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // Wise: money changed between the holder's balances, or added to one.
      {
        line: 'Converted EUR to USD',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'Topped up account',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      // TD Canada Trust: the branch's code, then the account.
      {
        line: 'LT252 TFR-FR 6774622',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    // The IRS's economic impact payments (2020-21: `IRS TREAS 310 XXTAXEIP2`): relief, not a refund.
    id: 'bank.economic-impact-payment',
    when: /\bIRS TREAS\b.*TAX ?EIP\d?\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'government_benefits', counterparty: 'party' },
    examples: [
      {
        line: 'IRS  TREAS 310   XXTAXEIP2                  PPD ID: 9111736069',
        direction: 'incoming',
        expect: { type: 'income', subType: 'government_benefits' },
      },
    ],
  },
  {
    id: 'bank.tax-refund',
    // Canada's income tax refund is the government's `RIT` (`CANADA RIT`).
    when: /IRS TREAS|TAX REF|TAXRFD|STATE TAX REF|TAX REFUND|\bCANADA RIT\b|\bRIT CANADA\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'tax_refund', counterparty: 'party' },
    examples: [
      {
        line: 'IRS TREAS 310 TAX REF',
        direction: 'incoming',
        expect: { type: 'income', subType: 'tax_refund' },
      },
      { line: 'CANADA RIT', direction: 'incoming', expect: { type: 'income', subType: 'tax_refund' } },
      {
        line: 'IRS TREAS 310 DES: TAX REF ID:6730535292 INDN:DOE, JANE CO ID:9111036170 PPD PMT INFO:REF*TAX REFUND*30',
        direction: 'incoming',
        expect: { type: 'income', subType: 'tax_refund' },
      },
    ],
  },
  {
    id: 'bank.government-benefits',
    // Canada's: the Child Benefit, the GST/HST credit, Employment Insurance, pensions, provincial credits, the
    // carbon rebate (`CANADA CCB`, `EI CANADA`, `CANADA CPP`, `CANADA PRO`, `ONTARIO TRILLIUM`).
    when: /SSA TREAS|SOC SEC|\bSSI\b|\bSSA\b|VA BENEFIT|\bCANADA (?:CCB|CCTB|GST|EI|FED|PRO|CPP|OAS|CWB|CAI)\b|\b(?:CCB|EI|GST|CPP|OAS) CANADA\b|\bONTARIO TRILLIUM\b|CARBON REBATE|CDACARBONREBATE|CHILD BENEFIT|FEDERAL PAYMENT|\bVACP\b|UNEMPLOY|EMPLOY(?:MENT)? SEC|\bUI BENEFIT|\bUI DD\b|\bEDD\b|DES:\s*BENEFITS|GOVT BENEFITS|SNAP|\bTANF\b|STUDIESTOD|STUDIEMEDEL|BARNBIDRAG|FORSAKRINGSKASSAN|PENSIONSMYNDIGHETEN/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'government_benefits', counterparty: 'party' },
    examples: [
      {
        line: 'ELECTRONIC DEPOSIT WA ST EMPLOY SEC',
        direction: 'incoming',
        expect: { type: 'income', subType: 'government_benefits' },
      },
      {
        line: 'Electronic Funds Transfer DEPOSIT CANADA CPP',
        direction: 'incoming',
        expect: { type: 'income', subType: 'government_benefits' },
      },
      {
        line: 'SSA TREAS 310 DES:XXSOC SEC ID:XXXXXXXXX0985A INDN:ANANYA MULLER CO ID:9031036151 PPD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'government_benefits' },
      },
    ],
  },
  {
    id: 'bank.child-support',
    when: /CHILD SUPPORT|\bCHILD SUP|ALIMONY/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'alimony_or_child_support', counterparty: 'none' },
    examples: [
      {
        line: 'CA SDU DES:CHILD SUPP ID:294923069 INDN:HANNAH LEE CO ID:1680321456 PPD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'alimony_or_child_support' },
      },
    ],
  },
  {
    id: 'bank.payroll',
    // Money in from a payroll provider is pay too (`GUSTO DES:PAY`, `ADP WAGE PAY`).
    when: /PAYROLL|^ELECTRONIC FUNDS TRANSFER PAY\b|DIR DEP|DIRECT DEP|NET ?=?PAY|\bSALARY\b|\bPAIE\b|\bSALAIRE\b|\bNOMINA\b|\bGEHALT\b|\bLOHN\b|\bSTIPENDIO\b|\bSALARIS\b|\bSUELDO\b|\bFED SAL\b|\bDFAS\b|PAYRLL|\bPR PAYMENT|\bWAGES?\b|\bREG\.?SALARY|^ADP\b|\bADP (?:PAY|WAGE)|(?:\b|(?<=^ACH ELECTRONIC CREDIT))(?:GUSTO|PAYCHEX|PAYLOCITY|PAYCOM|TRINET|JUSTWORKS|RIPPLING|INSPERITY)\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'earned_income', counterparty: 'party' },
    examples: [
      // The Defense Finance and Accounting Service pays the armed forces (`DFAS-CLEVELAND NAVY ACT`).
      {
        line: 'DFAS-CLEVELAND   NAVY ACT   ***********1645',
        direction: 'incoming',
        expect: { type: 'income', subType: 'earned_income' },
      },
      {
        line: 'ACME CORP DES:PAYROLL ID:XXXXX8841 INDN:JANE DOE CO ID:XXXXX44188 PPD',
        transactionType: 'ACH_DEPOSIT',
        expect: { type: 'income', subType: 'earned_income' },
      },
      {
        line: 'GUSTO NET PAY 251026 6HED9NNX CHEN, EMILY',
        direction: 'incoming',
        expect: { type: 'income', subType: 'earned_income' },
      },
      {
        line: 'ACH DEPOSIT GUSTO PAY 123456',
        direction: 'incoming',
        expect: { type: 'income', subType: 'earned_income' },
      },
      // An aggregator's row, the entry's kind run into the processor.
      {
        line: 'ACH Electronic CreditGUSTO PAY 123456',
        direction: 'incoming',
        expect: { type: 'income', subType: 'earned_income' },
      },
      {
        line: 'GUSTO DES:PAY 758204 ID:7KD20QX INDN:EMILY CHEN CO ID:9138522007 PPD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'earned_income' },
      },
    ],
  },
  {
    id: 'bank.payout',
    // A card processor settling a business's sales (`BANKCARD 8076 MTOT DEP`, `AMERICAN EXPRESS SETTLEMENT`,
    // `SQUARE INC DES:SQ250312`) pays it out too.
    when: /PAYOUT|DASHER|DRIVER PAY|EDI PYMNTS|\bSTRIPE\b|\bSHOPIFY\b|\bETSY\b|\bEBAY\b|DOORDASH|INSTACART|\bUBER\b|\bLYFT\b|GRUBHUB|AIRBNB|\bBANKCARD\b|\bBKCD\b|MTOT DEP|MERCH(?:ANT)? (?:DEP|DEPOSIT|SETL|STLMT|SETTLEMENT)|\bSETTLEMENT\b|\bSQUARE INC\b|GUMROAD|PATREON|SUBSTACK|\bTWITCH\b|\bINTUIT\b.*\bDEPOSIT\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'payout', counterparty: 'party' },
    examples: [
      {
        line: 'DOORDASH, INC. DES:DASHER ID:YBVZBK INDN:LAURA WILSON CO ID:1643898452 CCD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'payout' },
      },
      {
        line: 'BANKCARD 8076 MTOT DEP 250312 123456789',
        direction: 'incoming',
        expect: { type: 'income', subType: 'payout' },
      },
      {
        line: 'SQUARE INC DES:SQ250312 ID:T3H2 INDN:JOES COFFEE LLC CO ID:9424300002 CCD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'payout' },
      },
      // A creators' platform, QuickBooks Payments depositing a business's sales.
      {
        line: 'ORIG CO NAME:gumroad.com ORIG ID:1234567890 DESC DATE: CO ENTRY DESCR:Gumroad SEC:CCD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'payout' },
      },
      {
        line: 'Intuit 45230533 Deposit 250531 524771999789542 Harbor Labor CO, LLC',
        direction: 'incoming',
        expect: { type: 'income', subType: 'payout' },
      },
    ],
  },
  {
    id: 'bank.retirement',
    when: /PENSION|ANNUITY|\bRETIREMENT\b|\bRET PAY|\bCANADA (?:CPP|OAS)\b|\b(?:CPP|OAS) CANADA\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'retirement', counterparty: 'party' },
    examples: [
      {
        line: 'CALPERS DES:PENSION ID:XXXXX2231 INDN:JANE DOE CO ID:1946000123 PPD',
        direction: 'incoming',
        expect: { type: 'income', subType: 'retirement' },
      },
    ],
  },
  {
    id: 'bank.interest-dividend',
    when: /INTEREST (?:PAYMENT|PAID|EARNED|ADDED|CREDITED)|\bINT PAID\b|INTEREST$|DIVIDEND|\bINTRST\b|\bINTERETS?\b|\bINTERESES\b|\bZINSEN\b|\bINTERESSI\b/,
    direction: 'incoming',
    yields: { type: 'income', subType: 'other', counterparty: 'none' },
    examples: [
      { line: 'INTEREST EARNED', direction: 'incoming', expect: { type: 'income', subType: 'other' } },
    ],
  },
  {
    id: 'bank.bnpl',
    // Klarna's card in front of a shop (`Klarna*Airbnb London GB`) is a purchase through Klarna, no repayment.
    when: /\bAFFIRM\b|AFTERPAY|\bKLARNA\b(?!\*(?!.*\b(?:AUTOPAY|PAYMENT|PMT|REPAYMENT)\b))|\bSEZZLE\b|\bZIP\.CO\b/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'bnpl', counterparty: 'party' },
    examples: [
      {
        line: 'AFFIRM INC AFFIRM PAY WEB ID: 2455412222',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'bnpl' },
      },
      { line: 'KLARNA* NIKE.COM AUTOPAY', direction: 'outgoing', expect: { type: 'debt', subType: 'bnpl' } },
    ],
  },
  {
    id: 'bank.investment',
    when: /ROBINHOOD|COINBASE|FIDELITY|VANGUARD|SCHWAB|E\*?TRADE|WEBULL|BETTERMENT|WEALTHFRONT|ACORNS|STASH|KRAKEN|GEMINI|MONEYLINE|BROKERAGE|INVESTMENT|\bIRA\b/,
    yields: { type: 'other_money_movement', subType: 'investment', counterparty: 'party' },
    examples: [
      {
        line: 'SCHWAB BROKERAGE DES:MONEYLINK ID:7462572826 INDN:ISABELLA KELLY CO ID:5943018791 PPD',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'investment' },
      },
    ],
  },
  {
    // An insurer's premium is a bill, even on autopay (`USAA P&C AUTOPAY`, `STATE FARM RO 27 INS PREM`).
    id: 'bank.insurance-premium',
    when: /\bP&C\b|\bINS(?:URANCE)? PREM(?:IUM)?\b|\bPREMIUM\b|\bINSURANCE\b|\bINS PMT\b/,
    direction: 'outgoing',
    yields: { type: 'spending', subType: null, counterparty: 'party' },
    examples: [
      {
        line: 'USAA P&C         AUTOPAY    ***********7827',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
      {
        line: 'DRIVE NJ INS INS PREM PPD ID: 9409348088',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
    ],
  },
  {
    id: 'bank.rent',
    // Not a car rental (`HERTZ RENT-A-CAR`).
    // Before the payment words: a landlord's entry may say both (`AVALONBAY DES:RENTPAYMT`). `RENTALS` rent out
    // tools and bikes as often as homes (`UNITED RENTALS`).
    when: /\bRENT(?:AL|PAYMT|PAYMENT|PMT)?\b(?!-A-CAR| A CAR)|BILT ?RENT|PROPERTY|\bPROP(?:ERTY)? ?(?:MGMT|MGT|MG)\b|\bAPARTM(?:E|EN|ENT|ENTS)?\b|\bAPTS\b|\bLEASING\b|RESIDENTIAL|COMMUNITIES|\bREALTY\b|\bREAL ESTATE\b|\bLETTINGS\b/,
    direction: 'outgoing',
    yields: { type: 'other_money_movement', subType: 'rental', counterparty: 'party' },
    examples: [
      {
        line: 'ACH DEBIT PARKVIEW PROP MG RENT 37719',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'rental' },
      },
      {
        line: 'AVALONBAY DES:RENTPAYMT ID:BYZYUE18J INDN:JAMES TAYLOR CO ID:2075283583 WEB',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'rental' },
      },
      // An apartment building's name cut by the field.
      {
        line: 'TDBANK BILL PAY CHECK - MAPLE COURT APARTMEN',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'rental' },
      },
      // A realty or letting agent collecting it.
      {
        line: 'PAYMENT TO HARBOR REALTY SE-WEB PMTS',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'rental' },
      },
      // Rent paid through Bilt's card programme.
      {
        line: 'BILT PAYMENT BILTRENT 250317 B1CD8451A09544E JANE DOE',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'rental' },
      },
    ],
  },
  {
    // A loan the line names is repaid, whoever collects it: a government lender (`SBA LOAN PAYMENT`), a car
    // dealer's finance arm (`CARMAX AUTO FINANCE PAYMENT`).
    id: 'bank.loan-payment',
    when: /\bLOAN\b|\bMTG\b|MORTGAGE|STUDENT LN|NAVIENT|NELNET|SALLIE MAE|MOHELA|AIDVANTAGE|AUTO FIN(?:ANCE)?\b|AUTO LOAN|(?:AUTOMOBILE|CAR|VEHICLE) PAYMENT/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'payment', counterparty: 'party' },
    examples: [
      {
        line: 'SALLIE MAE LOAN PMT 250123 A27VUXSMJ3 TAYLOR, JAMES',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      { line: 'SBA LOAN PAYMENT', direction: 'outgoing', expect: { type: 'debt', subType: 'payment' } },
      {
        line: 'CARMAX AUTO FINANCE PAYMENT',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      {
        line: 'E Withdrawal -  AUTOMOBILE PAYMENT - WEB PAY',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
    ],
  },
  {
    // A store's or a brand's credit card paid by its own short name (`PAYMENT TO CHEVRON CC-PAYMENT`, `KOHLS CC
    // PYMT`): the card's bill, whatever the brand sells, for `CC` says a credit card.
    id: 'bank.credit-card-payment',
    when: /\bCC[- ]?(?:PAYMENT|PYMT|PMT)\b/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'payment', counterparty: 'party' },
    examples: [
      {
        line: 'PAYMENT TO CHEVRON CC-PAYMENT',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      { line: 'KOHLS CC PYMT', direction: 'outgoing', expect: { type: 'debt', subType: 'payment' } },
    ],
  },
  {
    id: 'bank.debt-payment',
    when: /CRCARDPMT|CRDT CRD|PAYMENT TO CRD|\bCARD\b.*(?:PAYMENT|PMT)|PAYMT|GSBANK|SYNCHRONY|CREDIT CRD|CREDIT CARD(?! PURCHASE)|AUTOPAY|AUTO PAY|(?<!APPL|GOOGL)E-?PAYMENT|(?<!APPL|GOOGL)EPAY|MOBILE PMT|ONLINE PMT|CARD PMT|SYF PAYMNT|PAYMNT|AUTOPAY PYMT|MOBILE PYMT|ONLINE PYMT|STORE ?CARD|FINANCIAL SVC|\bFINANCE\b/,
    direction: 'outgoing',
    yields: { type: 'debt', subType: 'payment', counterparty: 'party' },
    examples: [
      {
        line: 'CHASE CREDIT CRD DES:AUTOPAY ID:XXXX INDN:JANE DOE CO ID:XXX PPD',
        direction: 'outgoing',
        expect: { type: 'debt', subType: 'payment' },
      },
      // A biller the catalog knows not, whose name says it lends nothing: a bill.
      {
        line: 'ACH Transaction - IWV WATER DIST ONLINE PMT 0012114128',
        direction: 'outgoing',
        expect: { type: 'spending', subType: null },
      },
    ],
  },
  {
    // A SEPA transfer to or from the party the line names (`VIR SEPA <party>`, `Überweisung`, `Dauerauftrag`,
    // `TRANSFERENCIA`, `BONIFICO`): a merchant the catalog knows decides the kind (a bill paid by transfer).
    // After the rows of pay, benefits and rent, which say more (`Gutschrift ACME GMBH Gehalt`).
    id: 'bank.sepa-transfer',
    when: /^(?:VIR(?:EMENT)? SEPA|VIR (?:RECU|EMIS|INST)|(?:SEPA-?|SEPA |ECHTZEIT-?)?(?:UBERWEISUNG|GUTSCHRIFT|DAUERAUFTRAG)|TRANSFERENCIA|BONIFICO|\/?(?:TRTP\/)?SEPA (?:OVERBOEKING|PERIODIEKE OVERB))\b/,
    yields: {
      type: 'other_money_movement',
      subType: 'transfer',
      counterparty: 'party',
      transferType: 'external',
      method: 'ach',
      partyDecides: true,
    },
    examples: [
      {
        line: 'VIR SEPA CAMILLE MARTIN',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'SEPA Overboeking IBAN: NL01ABNA0123456789 BIC: ABNANL2A Naam: J DE VRIES',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
      {
        line: 'BONIFICO A FAVORE DI GIULIA ROSSI',
        direction: 'outgoing',
        expect: { type: 'other_money_movement', subType: 'transfer' },
      },
    ],
  },
  {
    id: 'bank.check-deposit',
    // `BKOFAMERICA MOBILE 07/11 XXXXX53702 DEPOSIT`: the deposit's date and id between its words.
    when: new RegExp(
      `MOBILE DEPOSIT|MOBILE \\d\\d\\/\\d\\d .*DEPOSIT|REMOTE (?:ONLINE )?DEPOSIT|CHECK DEPOSIT|DEPOSITED CHECK|${checkWording.source}`,
    ),
    direction: 'incoming',
    yields: { type: 'other_money_movement', subType: 'deposit', counterparty: 'none', method: 'check' },
    examples: [
      {
        line: 'MOBILE DEPOSIT : REF NUMBER :354919755',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'BKOFAMERICA MOBILE 07/11 XXXXX53702 DEPOSIT *MOBILE CA',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
    ],
  },
  {
    // Money in that says no more than a deposit (`DEPOSIT`, `ELECTRONIC DEPOSIT NORTHSIDE ANIMAL CLINIC`),
    // unless an organization the catalog knows not deposits it by ACH: most often an employer, paying.
    id: 'bank.deposit',
    when: /\bDEPOSIT\b|\bDEP\b|^DEPOT\b|^DEPOSITO\b|^INSATTNING\b/,
    direction: 'incoming',
    yields: {
      type: 'other_money_movement',
      subType: 'deposit',
      counterparty: 'party',
      unknownPayerDecides: true,
    },
    examples: [
      {
        line: 'ELECTRONIC DEPOSIT HARMON CO SCHOOL',
        direction: 'incoming',
        amount: 1489.13,
        expect: { type: 'income', subType: 'earned_income' },
      },
      // A small sum is no pay, nor is a person's deposit.
      {
        line: 'ELECTRONIC DEPOSIT NORTHSIDE ANIMAL CLINIC',
        direction: 'incoming',
        amount: 40,
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'ELECTRONIC DEPOSIT JOHN SMITH',
        direction: 'incoming',
        amount: 500,
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
      {
        line: 'DEPOSIT',
        direction: 'incoming',
        expect: { type: 'other_money_movement', subType: 'deposit' },
      },
    ],
  },
  {
    // A bill-pay check names its payee: it is a payment, not a check by number.
    id: 'bank.check-paid',
    when: new RegExp(`${checkWording.source}|CHECK PAID`),
    direction: 'outgoing',
    yields: { type: 'other_money_movement', subType: 'withdrawal', counterparty: 'none', method: 'check' },
    examples: [
      {
        line: 'CHECK 371',
        transactionType: 'CHECK_PAYMENT',
        expect: { type: 'other_money_movement', subType: 'withdrawal' },
      },
    ],
  },
];

/** The first row that fires on a bank line going `direction` for `amount`, if any. */
export function bankRuleFor(
  text: string,
  direction: Direction,
  declaredType: string | null,
  amount: number | null,
): BankRule | undefined {
  const words = `${canonical(text)} ${declaredType ?? ''}`;
  return bankRules.find(
    (rule) =>
      (!rule.direction || rule.direction === direction) &&
      (rule.under === undefined || (amount !== null && Math.abs(amount) < rule.under)) &&
      rule.when.test(words),
  );
}
