/**
 * What a bank movement is: the type and sub-type its bank rule names (else what the party makes of it),
 * and the transfer: direction, method, internal or external, refund.
 */
import type { RiskInsights, TransactionSubType, TransactionType, TransferInfo } from '@txenrich/schema';
import { achEntries, type EntryPurpose, purposeOf } from '../anatomy/ach-entries.js';
import { type Anatomy, movedByAch } from '../anatomy/anatomy.js';
import type { Direction } from '../normalize/direction.js';
import type { Line } from '../normalize/line.js';
import type { BankCounterparty } from '../resolve/bank-counterparty.js';
import {
  banksIndustry,
  collectsRent,
  collectsTaxes,
  financesVehicles,
  insures,
  investsMoney,
  issuesStoreCards,
  lendsMoney,
  namesBillingTrade,
  operatesAtms,
} from '../resolve/evidence.js';
import { namesPerson } from '../resolve/p2p.js';
import { type BankRule, checkWording, type Method, wireWording } from './bank-rules.js';
import { bankRiskInsights } from './risk.js';

export interface BankMovementKind {
  type: TransactionType;
  subType: TransactionSubType | null;
  industryId: string | null;
  transferInfo: TransferInfo;
  peerToPeer: boolean;
  riskInsights: RiskInsights;
}

/** How the money moved when no rule says: the anatomy's fields, wire wording, else the declared type. */
function methodOf(anatomy: Anatomy, declaredType: string | null): Method {
  const type = declaredType?.toUpperCase() ?? '';
  const via = anatomy.fields?.via;
  if (via === 'ach') return 'ach';
  if (via === 'wire' || wireWording.test(anatomy.raw) || type.includes('WIRE')) return 'wire';
  // A P2P line does not say which network the app used.
  if (via === 'p2p') return 'unknown';
  if (type.startsWith('ACH')) return 'ach';
  if (type.startsWith('RTP')) return 'rtp';
  if (type.startsWith('CHECK') || checkWording.test(anatomy.raw)) return 'check';
  return type === 'ATM' ? 'cash' : 'unknown';
}

/** What an ACH line's entry description says the money is for (`TRANSFER`, `REFUNDS`), if a row knows it. */
function entryPurposeOf(anatomy: Anatomy): EntryPurpose | null {
  const field = anatomy.fields?.entry ? purposeOf(anatomy.fields.entry) : null;
  return field ?? achEntries.find((entry) => anatomy.rules.includes(entry.id))?.yields.purpose ?? null;
}

/** What a line no bank rule fired on is: the party the catalog names and the entry's purpose decide. */
function kindOfParty(
  line: Line,
  anatomy: Anatomy,
  party: BankCounterparty,
  direction: Direction,
  bill: boolean,
): { type: TransactionType; subType: TransactionSubType | null } {
  const { merchant } = party;
  const purpose = entryPurposeOf(anatomy);
  if (merchant && investsMoney(merchant.industryId))
    return { type: 'other_money_movement', subType: 'investment' };
  // Paid to a landlord or property manager (`GABLES-1JP20466 WEB PMTS`): rent.
  if (merchant && collectsRent(merchant.industryId) && direction === 'outgoing')
    return { type: 'other_money_movement', subType: 'rental' };
  if (merchant && operatesAtms(merchant.industryId) && direction === 'outgoing')
    return { type: 'atm', subType: 'withdrawal' };
  if (merchant && lendsMoney(merchant.industryId)) {
    // Money moved to or from a bank under a transfer entry (`CHIME DES:TRANSFER`) is the holder's own, and
    // so is money in from a bank under no entry that says otherwise (`EQ BANK MSP`).
    const fromBank =
      direction === 'incoming' &&
      purpose === null &&
      merchant.industryId.startsWith(banksIndustry.slice(0, 7));
    if (purpose === 'transfer' || fromBank) return { type: 'other_money_movement', subType: 'transfer' };
    // A card line at a bank's own place, its town and state printed as a terminal prints them and no bank
    // wording around it, is cash from the bank's machine (`MEMBERS 1ST FCU5450 CARLIMECHANICSBURGPA`). A
    // lender with no branches has no machines.
    const atTerminal =
      merchant.channel !== 'digital' &&
      !anatomy.wrapper &&
      !anatomy.fields &&
      anatomy.location.city &&
      anatomy.location.region;
    if (direction === 'outgoing' && atTerminal) return { type: 'atm', subType: 'withdrawal' };
    // A payment to a bank or lender is debt; to any other merchant (a utility, an insurer) it is spending.
    if (direction === 'outgoing') return { type: 'debt', subType: 'payment' };
  }
  const paysEntry = purpose === 'payment' || purpose === 'card-payment';
  if (merchant && financesVehicles(merchant.industryId) && direction === 'outgoing' && movedByAch(anatomy))
    return { type: 'debt', subType: 'payment' };
  if (merchant && issuesStoreCards(merchant.industryId) && direction === 'outgoing' && paysEntry)
    return { type: 'debt', subType: 'payment' };
  // Money back under a refund entry (`MARIST COLLEGE REFUNDS`); money in from a tax agency is a tax refund,
  // from an insurer a claim paid (`Direct Credit 012721 ATO ...`, `Direct Credit 361748 MEDIBANK PRIVATE`).
  if (direction === 'incoming' && purpose === 'refund') return { type: 'reimbursement', subType: null };
  if (direction === 'incoming' && merchant && collectsTaxes(merchant.industryId))
    return { type: 'income', subType: 'tax_refund' };
  if (direction === 'incoming' && merchant && insures(merchant.industryId))
    return { type: 'reimbursement', subType: null };
  if ((merchant || bill) && direction === 'outgoing') return { type: 'spending', subType: null };
  if (direction === 'incoming' && paysWages(line, anatomy, purpose, party))
    return { type: 'income', subType: 'earned_income' };
  return { type: 'other_money_movement', subType: direction === 'incoming' ? 'deposit' : 'withdrawal' };
}

/** Words of a party's name that say the money is no pay: it moves the holder's own, or comes back. */
const notPayWording =
  /\b(?:WITHDRAWAL|TRANSFER|XFER|TFR|FROM|TO|REFUND|RETURN|REVERSAL|ADJUSTMENT|INTEREST|REBATE|CASHBACK|REWARDS?|CLAIM|DEPOSIT|CREDIT)\b/;
/** Pay is seldom under this much; cents to dollars from an organization are rebates, rewards and tests. */
const LEAST_PAY = 100;

/**
 * Whether money in is most likely pay: an ACH credit (most are PPD entries: prearranged payments and
 * deposits) of some size from an organization the line names in two words or more, under no entry that says
 * what else it is (`ELECTRONIC DEPOSIT CRESCENT CITY HO`, `Direct Credit 158824 ARE MEDIA`, `ACH Credit ...
 * GENTRY INC. ... PPD`). Banks, brokers, tax agencies and insurers the catalog knows are read before; a person
 * paying (`BRYSON KLIMEK`) moves money of their own, and so does a P2P app.
 */
function paysWages(
  line: Line,
  anatomy: Anatomy,
  purpose: EntryPurpose | null,
  party: BankCounterparty,
): boolean {
  if (!movedByAch(anatomy) || (purpose !== null && purpose !== 'payroll') || party.app || party.person)
    return false;
  if (line.amount === null || Math.abs(line.amount) < LEAST_PAY) return false;
  const name = anatomy.fields?.party ?? anatomy.name;
  return name.includes(' ') && !notPayWording.test(name) && !namesPerson(name);
}

export function classifyBankMovement(
  line: Line,
  anatomy: Anatomy,
  rule: BankRule | undefined,
  party: BankCounterparty,
): BankMovementKind {
  const { merchant, app } = party;
  const { direction } = line;
  const yields = rule?.yields;
  // A bill the line says it pays (`CITY OF CEDAR FA UTILITIES`, an ACH entry of a bill) is spending too,
  // although the catalog knows not the biller.
  const bill = direction === 'outgoing' && anatomy.rules.includes('entry.bill');
  // Billers print the same payment words as lenders (`AUTOPAY`, `ONLINE PMT`): a payment the rule calls a
  // debt is spending when the catalog names a merchant that lends nothing (an insurer, a utility) and
  // issues no store card, or, the catalog knowing none, the payee's name says such a trade (`IWV WATER DIST`).
  const notLender =
    rule?.id === 'bank.debt-payment' &&
    (merchant !== null
      ? !lendsMoney(merchant.industryId) && !issuesStoreCards(merchant.industryId)
      : !app && namesBillingTrade(anatomy.fields?.party ?? anatomy.name));
  // Paid through the app, a merchant is no person: one the catalog knows, or a name that is no person's
  // (PayPal's `INST XFER` to `HULU`, to a shop of its own).
  const paidThroughApp =
    yields?.merchantOrApp === true &&
    (merchant !== null || !namesPerson(anatomy.fields?.party ?? anatomy.name));
  const { type, subType } =
    notLender || (paidThroughApp && !merchant)
      ? { type: 'spending' as const, subType: null }
      : yields && !(yields.partyDecides && merchant) && !(yields.unknownPayerDecides && !merchant)
        ? { type: yields.type, subType: yields.subType }
        : kindOfParty(line, anatomy, party, direction, bill);
  const industryId = merchant?.industryId ?? app?.industryId ?? null;
  return {
    type,
    subType,
    industryId,
    transferInfo: {
      direction,
      transferMethod: yields?.method ?? methodOf(anatomy, line.declaredType),
      transferType:
        yields?.transferType ?? (yields?.counterparty === 'none' && !yields.method ? 'unknown' : 'external'),
      isAdjustmentOrRefund: Boolean(yields?.refund),
    },
    peerToPeer: Boolean(yields?.peerToPeer) && !paidThroughApp,
    riskInsights: bankRiskInsights(industryId),
  };
}
