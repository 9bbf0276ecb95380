/**
 * Transfers and universal feed lines: ACH, wires, RTP, checks, ATM, P2P,
 * payroll and benefits, card and loan payments, fees and refunds. A bank line
 * is read into its parts (the ACH company and entry description, the wire
 * originator, the P2P app and person), one rule table decides type and
 * sub-type, and the counterparty is matched like a card merchant.
 */
import type { ThirdParty as CatalogThirdParty } from '@txenrich/catalog';
import type {
  CardTransaction,
  Enrichment,
  TransactionSubType,
  TransactionType,
  TransferInfo,
  TransferTransaction,
  UniversalTransaction,
} from '@txenrich/schema';
import { prefixKey, readAnatomy } from '../anatomy/anatomy.js';
import { applyContext } from '../context/apply-context.js';
import type { EnrichmentContext } from '../context/context.js';
import { bareHost, canonical } from '../normalize/text.js';
import type { MatchTrace } from '../resolve/matcher.js';
import { type EnrichOptions, explain } from '../shape/explanation.js';
import {
  type EngineParts,
  enrichCard,
  shapeCounterparty,
  toThirdParty,
  unverifiedCounterparty,
} from './card.js';

type Direction = TransferInfo['direction'];
type Method = TransferInfo['transferMethod'];

/** The parts of a bank line. */
interface BankLine {
  text: string;
  /** Who is on the other side as the line names it: the ACH company, the wire originator or beneficiary. */
  party: string | null;
  /** The ACH entry description (`PAYROLL`, `AUTOPAY`) or wire details. */
  entry: string;
  method: Method;
}

const achCompany = /^(.+?)\s+DES:\s*(.+?)(?:\s+ID:|\s+INDN:|\s+CO ID:|$)/;
/** `COSTCO WHOLESALE DIR DEP PPD ID: 1911223344` (Bank of America). */
const achSecId = /^(.+?)\s+(?:PPD|CCD|WEB|TEL|CTX)\s+ID:/;
/** `CAPITAL ONE CRCARDPMT 240914 33KE1YG6 OBRIEN, KEVIN` (Wells Fargo: company, entry, date, id, receiver). */
const achDated = /^(.+?)\s+\d{6}\s+\S+\s+[A-Z'.-]+,\s*[A-Z'. -]+$/;
const chaseAch = /ORIG CO NAME:\s*(.+?)\s+ORIG ID:.*?CO ENTRY DESCR:\s*(.+?)\s+SEC:/;
const wireParty =
  /(?:ORIG|BNF|BENEFICIARY|ORIGINATOR):\s*(.+?)(?:\s+ID:|\s+SND BK:|\s+BNF BK:|\s+PMT DET:|\s+OBI:|$)/;
const zelleParty = /ZELLE (?:PAYMENT |TRANSFER )?(?:TO|FROM)\s+(.+?)(?:\s+CONF#.*|\s+ON \d.*|\s+REF.*|$)/;

function readBankLine(description: string, transactionType: string | undefined): BankLine {
  const text = canonical(description);
  const type = transactionType?.toUpperCase() ?? '';
  const ach = chaseAch.exec(text) ?? achCompany.exec(text);
  if (ach) return { text, party: ach[1]!.trim(), entry: ach[2]!.trim(), method: 'ach' };
  const company = achSecId.exec(text) ?? achDated.exec(text);
  if (company) return { text, party: company[1]!.trim(), entry: text, method: 'ach' };
  if (/\bWIRE\b|^WT\b|FEDWIRE|BOOK TRANSFER/.test(text) || type.includes('WIRE')) {
    return { text, party: wireParty.exec(text)?.[1]?.trim() ?? null, entry: text, method: 'wire' };
  }
  const zelle = zelleParty.exec(text);
  if (zelle) return { text, party: zelle[1]!.trim(), entry: text, method: 'unknown' };
  const method: Method = type.startsWith('ACH')
    ? 'ach'
    : type.startsWith('RTP')
      ? 'rtp'
      : type.startsWith('CHECK') || /\bCHECK\b|\bCHK #?\d/.test(text)
        ? 'check'
        : type === 'ATM'
          ? 'cash'
          : 'unknown';
  return { text, party: null, entry: text, method };
}

/** The direction of money: `direction` wins, else the amount's sign (negative is incoming), else the type's name. */
function directionOf(
  body: { direction?: 'CREDIT' | 'DEBIT' | undefined; amount?: number | undefined },
  transactionType: string | undefined,
): Direction {
  if (body.direction) return body.direction === 'CREDIT' ? 'incoming' : 'outgoing';
  if (body.amount !== undefined && body.amount !== 0) return body.amount < 0 ? 'incoming' : 'outgoing';
  return /DEPOSIT|INCOMING|RETURN/.test(transactionType ?? '') ? 'incoming' : 'outgoing';
}

interface Rule {
  /** What a line must say (matched against the canonical line). */
  when: RegExp;
  /** Only for money in this direction. */
  direction?: Direction;
  type: TransactionType;
  subType: TransactionSubType | null;
  /** Who the counterparty is: the named party, the P2P app, or nobody. */
  counterparty: 'party' | 'app' | 'none';
  transferType?: TransferInfo['transferType'];
  method?: Method;
  refund?: boolean;
  peerToPeer?: boolean;
}

/** What P2P lines say besides a person's name (`APPLE CASH SENT MONEY`, `VENMO CASHOUT`). */
const p2pWording =
  /^(?:SENT|RECEIVED|MONEY|PAYMENT|PMT|TRANSFER|XFER|INST|REQUEST|CASH|OUT|CASHOUT|BALANCE|DEPOSIT|PURCHASE|WEB|PPD|ID|TO|FROM)$/;

/** Whether the name read from a P2P line is a person's: one to four words of letters, not the app or its wording. */
function isPersonName(name: string, appName: string | undefined): boolean {
  const words = name.split(' ');
  if (!name || words.length > 4 || !/^[A-Z][A-Z' .-]*$/.test(name)) return false;
  if (appName && prefixKey(name) === prefixKey(appName)) return false;
  return !words.every((word) => p2pWording.test(word));
}

/** P2P apps as bank lines print them. */
const p2pApps =
  /\b(ZELLE|VENMO|CASH APP|SQUARE CASH|SQC\*|APPLE CASH|PAYPAL (?:INST XFER|TRANSFER|XFER)|PAYPAL DES:\s*INST XFER)\b/;

/** First matching rule wins: the most specific facts first. */
const rules: readonly Rule[] = [
  {
    when: /ACCTVERIFY|ACCT VERIFY|VERIFYBANK|VERIFICATION|MICRO ?DEP|TRIAL DEP/,
    type: 'account_verification',
    subType: null,
    counterparty: 'party',
  },
  {
    when: /\bNSF\b|RETURNED ITEM|INSUFFICIENT FUNDS/,
    type: 'fee',
    subType: 'nsf',
    counterparty: 'none',
    direction: 'outgoing',
  },
  {
    when: /OVERDRAFT|\bOD (?:ITEM |PROTECTION )?FEE/,
    type: 'fee',
    subType: 'overdraft',
    counterparty: 'none',
    direction: 'outgoing',
  },
  {
    when: /\bATM\b.*\bFEE\b|\bFEE\b.*\bATM\b/,
    type: 'fee',
    subType: 'atm',
    counterparty: 'none',
    direction: 'outgoing',
  },
  {
    when: /\bFEE\b|SERVICE CHARGE|\bMAINTENANCE CHARGE/,
    type: 'fee',
    subType: 'other',
    counterparty: 'none',
    direction: 'outgoing',
  },
  {
    when: /\bREVERSAL\b|\bREFUND\b|\bRETURN(?:ED)?\b|\bCHARGEBACK\b/,
    type: 'reimbursement',
    subType: null,
    counterparty: 'party',
    refund: true,
  },
  {
    when: /\bATM\b|CASH WITHDRAWAL|CASH DEPOSIT/,
    direction: 'outgoing',
    type: 'atm',
    subType: 'withdrawal',
    counterparty: 'party',
    method: 'cash',
  },
  {
    when: /\bATM\b|CASH DEPOSIT/,
    direction: 'incoming',
    type: 'atm',
    subType: 'deposit',
    counterparty: 'party',
    method: 'cash',
  },
  {
    when: /CASHOUT|CASH OUT|INSTANT TRANSFER|STANDARD TRANSFER/,
    type: 'other_money_movement',
    subType: 'transfer',
    counterparty: 'app',
  },
  // Money moved from the user's own app balance to the bank: not a payment between people.
  {
    when: /(?:VENMO|CASH APP|APPLE CASH|PAYPAL)\b.*(?:DES:\s*(?:TRANSFER|CASH APP)|INST XFER|TRANSFER|PPD)/,
    direction: 'incoming',
    type: 'other_money_movement',
    subType: 'transfer',
    counterparty: 'app',
  },
  { when: p2pApps, type: 'other_money_movement', subType: 'transfer', counterparty: 'app', peerToPeer: true },
  {
    when: /TRANSFER (?:TO|FROM)|ONLINE (?:BANKING )?TRANSFER|INTERNAL TRANSFER|\bXFER (?:TO|FROM)|TRANSFER \w+ (?:CHK|SAV)|\bTO (?:CHK|SAV|CHECKING|SAVINGS)\b|\bFROM (?:CHK|SAV|CHECKING|SAVINGS)\b/,
    type: 'other_money_movement',
    subType: 'transfer',
    counterparty: 'none',
    transferType: 'internal',
    method: 'intrabank',
  },
  {
    when: /IRS TREAS|TAX REF|TAXRFD|STATE TAX REF|TAX REFUND/,
    direction: 'incoming',
    type: 'income',
    subType: 'tax_refund',
    counterparty: 'party',
  },
  {
    when: /SSA TREAS|SOC SEC|\bSSI\b|\bSSA\b|VA BENEFIT|\bVACP\b|UNEMPLOY|\bUI BENEFIT|\bUI DD\b|\bEDD\b|DES:\s*BENEFITS|SNAP|\bTANF\b/,
    direction: 'incoming',
    type: 'income',
    subType: 'government_benefits',
    counterparty: 'party',
  },
  {
    when: /CHILD SUPPORT|\bCHILD SUP|ALIMONY/,
    direction: 'incoming',
    type: 'income',
    subType: 'alimony_or_child_support',
    counterparty: 'none',
  },
  {
    when: /PAYROLL|DIR DEP|DIRECT DEP|NET PAY|\bSALARY\b|PAYRLL|\bPR PAYMENT|\bWAGES?\b|\bREG\.?SALARY/,
    direction: 'incoming',
    type: 'income',
    subType: 'earned_income',
    counterparty: 'party',
  },
  {
    when: /PAYOUT|DASHER|DRIVER PAY|EDI PYMNTS|\bSTRIPE\b|\bSHOPIFY\b|\bETSY\b|\bEBAY\b|DOORDASH|INSTACART|\bUBER\b|\bLYFT\b|GRUBHUB|AIRBNB/,
    direction: 'incoming',
    type: 'income',
    subType: 'payout',
    counterparty: 'party',
  },
  {
    when: /PENSION|ANNUITY|\bRETIREMENT\b|\bRET PAY/,
    direction: 'incoming',
    type: 'income',
    subType: 'retirement',
    counterparty: 'party',
  },
  {
    when: /INTEREST (?:PAYMENT|PAID|EARNED)|\bINT PAID\b|INTEREST$|DIVIDEND/,
    direction: 'incoming',
    type: 'income',
    subType: 'other',
    counterparty: 'none',
  },
  {
    when: /\bAFFIRM\b|AFTERPAY|\bKLARNA\b|\bSEZZLE\b|\bZIP\.CO\b/,
    direction: 'outgoing',
    type: 'debt',
    subType: 'bnpl',
    counterparty: 'party',
  },
  {
    when: /ROBINHOOD|COINBASE|FIDELITY|VANGUARD|SCHWAB|E\*?TRADE|WEBULL|BETTERMENT|WEALTHFRONT|ACORNS|STASH|KRAKEN|GEMINI|MONEYLINE|BROKERAGE|INVESTMENT|\bIRA\b/,
    type: 'other_money_movement',
    subType: 'investment',
    counterparty: 'party',
  },
  {
    when: /CRCARDPMT|CRDT CRD|\bCARD\b.*(?:PAYMENT|PMT)|PAYMT|GSBANK|SYNCHRONY|CREDIT CRD|CREDIT CARD|AUTOPAY|AUTO PAY|E-?PAYMENT|EPAY|MOBILE PMT|ONLINE PMT|CARD PMT|SYF PAYMNT|PAYMNT|\bLOAN\b|\bMTG\b|MORTGAGE|STUDENT LN|NAVIENT|NELNET|SALLIE MAE|MOHELA|AIDVANTAGE|AUTO FIN|FINANCIAL SVC|\bFINANCE\b/,
    direction: 'outgoing',
    type: 'debt',
    subType: 'payment',
    counterparty: 'party',
  },
  {
    when: /\bRENT|PROPERTY|APARTMENTS?\b|\bLEASING\b|RESIDENTIAL|COMMUNITIES/,
    direction: 'outgoing',
    type: 'other_money_movement',
    subType: 'rental',
    counterparty: 'party',
  },
  {
    when: /MOBILE DEPOSIT|REMOTE (?:ONLINE )?DEPOSIT|CHECK DEPOSIT|DEPOSITED CHECK|\bCHECK\b|\bCHK\b/,
    direction: 'incoming',
    type: 'other_money_movement',
    subType: 'deposit',
    counterparty: 'none',
    method: 'check',
  },
  {
    // A bill-pay check names its payee: it is a payment, not a check by number.
    when: /(?<!BILL PAY )\bCHECK\b|\bCHK\b|CHECK PAID/,
    direction: 'outgoing',
    type: 'other_money_movement',
    subType: 'withdrawal',
    counterparty: 'none',
    method: 'check',
  },
  {
    when: /WIRE|^WT\b|FEDWIRE|BOOK TRANSFER/,
    type: 'other_money_movement',
    subType: 'transfer',
    counterparty: 'none',
    method: 'wire',
  },
];

function ruleFor(
  line: BankLine,
  direction: Direction,
  transactionType: string | undefined,
): Rule | undefined {
  const text = `${line.text} ${transactionType ?? ''}`;
  return rules.find((rule) => (!rule.direction || rule.direction === direction) && rule.when.test(text));
}

const transferInfo = (line: BankLine, direction: Direction, rule: Rule | undefined): TransferInfo => ({
  direction,
  transferMethod: rule?.method ?? line.method,
  transferType:
    rule?.transferType ?? (rule?.counterparty === 'none' && !rule.method ? 'unknown' : 'external'),
  isAdjustmentOrRefund: Boolean(rule?.refund),
});

function thirdPartyAsCounterparty(parts: EngineParts, party: CatalogThirdParty) {
  return shapeCounterparty(parts, { ...party, legalName: null }, 100, null, null);
}

/** Whether a universal line reads as a card purchase (bank wording or card fields). */
const cardWording =
  /^(?:POS\b|PURCHASE\b|CHECKCARD\b|DEBIT CARD\b|DBT CRD\b|CARD PURCHASE|RECURRING PAYMENT AUTHORIZED|VISA\b|PUR\b)|\bCARD \d{4}$|PURCHASE AUTHORIZED ON/;

const noPlace = {
  city: null,
  region: null,
  country: null,
  postalCode: null,
  latitude: null,
  longitude: null,
};

/** Enriches a bank transfer (CONTRACT.md 1.2), or a universal line that is not card spending. */
export function enrichTransfer(
  parts: EngineParts,
  body: TransferTransaction | UniversalTransaction,
  context: EnrichmentContext | undefined,
  options: EnrichOptions = {},
): Enrichment {
  const trace: MatchTrace | undefined = options.explain ? { candidates: [] } : undefined;
  const transactionType = 'transactionType' in body ? body.transactionType : undefined;
  const line = readBankLine(body.description, transactionType);
  const direction = directionOf(body, transactionType);
  const rule = ruleFor(line, direction, transactionType);
  // ATM wording and the machine's street address surround the bank's name.
  const anatomy = readAnatomy(body.description, parts.lexicon, { atm: rule?.type === 'atm' });
  const viaApp = rule?.counterparty === 'app' || (!rule && p2pApps.test(line.text));
  let counterpartyText: string | null = null;
  if (viaApp) {
    const app = p2pApps.exec(line.text)?.[1] ?? line.party;
    counterpartyText = app === 'SQC*' || app === 'SQUARE CASH' ? 'CASH APP' : (app ?? null);
  } else if (rule?.counterparty !== 'none') {
    counterpartyText = anatomy.name || null;
  }
  // Third parties named on the line: a P2P app, a payroll processor, a BNPL lender.
  const named: CatalogThirdParty[] = [];
  const { pattern, byPhrase } = parts.lexicon.markers;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(line.text); found; found = pattern.exec(line.text)) {
    const party = parts.lexicon.thirdParties.get(byPhrase.get(found[1]!)!.thirdPartyId);
    if (party && !named.includes(party)) named.push(party);
  }

  const evidence = {
    mccIndustryId: null,
    country: 'us',
    mccEntry: null,
    behindFacilitator: false,
    thirdPartyHosts: anatomy.thirdPartyIds.flatMap((id) => {
      const website = parts.lexicon.thirdParties.get(id)?.website;
      return website ? [bareHost(website)] : [];
    }),
    companyField: anatomy.fields !== null,
  };
  const match = counterpartyText
    ? parts.matcher.match(
        {
          // The descriptor with its numbers: `VACP TREAS 310` is a statement form.
          readings: viaApp
            ? [counterpartyText]
            : [counterpartyText, ...anatomy.alternates, anatomy.descriptor],
          statementForm: line.text,
          host: anatomy.location.host,
        },
        evidence,
        trace,
      )
    : null;
  let merchant = match ? parts.merchants[match.entry]! : null;
  // The P2P app (`Apple Cash`, not `Apple`) or the BNPL lender the line names is the counterparty.
  const app =
    rule?.counterparty === 'app'
      ? named.find((party) => party.roles.includes('p2p'))
      : rule?.subType === 'bnpl' && !merchant
        ? named.find((party) => party.roles.includes('bnpl'))
        : undefined;
  if (app) merchant = null;
  // A payroll processor names nobody: the employer stands behind it (`GUSTO NET PAY`).
  const payroll = named.filter((party) => party.roles.includes('payroll'));
  if (rule?.subType === 'earned_income' && merchant?.website) {
    const processor = [...parts.lexicon.thirdParties.values()].find(
      (party) => party.roles.includes('payroll') && party.website === merchant?.website,
    );
    if (processor) {
      merchant = null;
      if (!payroll.includes(processor)) payroll.push(processor);
    }
  }
  const parties = [...payroll, ...(app && (rule?.peerToPeer || viaApp) ? [app] : [])];

  // A payment to a bank or lender is debt; to any other merchant (a utility, an insurer) it is spending.
  const lender =
    !rule && merchant !== null && direction === 'outgoing' && merchant.industryId.startsWith('005');
  const type: TransactionType =
    rule?.type ??
    (lender ? 'debt' : merchant && direction === 'outgoing' ? 'spending' : 'other_money_movement');
  const subType: TransactionSubType | null = rule
    ? rule.subType
    : lender
      ? 'payment'
      : type === 'spending'
        ? null
        : direction === 'incoming'
          ? 'deposit'
          : 'withdrawal';
  const industryId = merchant?.industryId ?? app?.industryId ?? null;
  const chain = parts.industryChain(industryId);
  // The person paid or paying (`Zelle payment to JOHN SMITH`, `CASH APP*JANE DOE`) is the counterparty;
  // the app stands between them, as a third party.
  const person =
    rule?.peerToPeer &&
    (anatomy.fields?.via === 'p2p' || (app && anatomy.thirdPartyIds.includes(app.id))) &&
    isPersonName(anatomy.name, app?.name)
      ? anatomy.display
      : null;
  // Who the line names when the catalog knows them not: the employer, the ACH company, the wire party.
  const namedParty =
    !merchant && !app && rule?.counterparty !== 'none' && rule?.type !== 'atm' && counterpartyText
      ? anatomy.display
      : null;
  const unverifiedName = person ?? namedParty;
  const unverified = unverifiedName ? unverifiedCounterparty(parts, unverifiedName, noPlace, null) : null;
  const displayName = merchant?.name ?? person ?? namedParty ?? app?.name ?? anatomy.display;
  const enrichment: Enrichment = {
    enrichmentId: parts.newId(),
    transactionInfo: {
      transactionId: body.transactionId ?? null,
      type,
      subType,
      display: {
        name: displayName,
        categoryName: chain.at(-1)?.name ?? null,
        graphic: merchant?.logo ?? chain.at(-1)?.icon ?? null,
        graphicSource: merchant?.logo ? 'counterparty' : chain.length > 0 ? 'category' : null,
      },
      thirdParties: parties.map(toThirdParty),
      spendingInfo: type === 'spending' ? { channel: { value: 'digital' } } : null,
      transferInfo: transferInfo(line, direction, rule),
      atmInfo: type === 'atm' ? { sponsorName: merchant?.name ?? null, ownerName: null } : null,
      isAccountVerification: type === 'account_verification',
      isPeerToPeer: Boolean(rule?.peerToPeer),
      isDigitalWallet: null,
      recurrenceInfo: null,
      riskInsights: {
        irregularWebPresenceDetected: null,
        negativeOnlineSentiment: null,
        highRiskEntity: null,
        riskyIndustry: industryId ? industryId.startsWith('022') || industryId.startsWith('023') : null,
        cardAcceptanceHistory: null,
      },
    },
    counterparty:
      merchant && match && !app
        ? [shapeCounterparty(parts, merchant, match.score, null, null)]
        : unverified
          ? [unverified]
          : app
            ? // No person stands behind the app (a cash-out, a BNPL installment): the app is the counterparty.
              [thirdPartyAsCounterparty(parts, app)]
            : [],
    actions: null,
    ...(body.customAttributes ? { customAttributes: body.customAttributes } : {}),
    ...(trace ? { explanation: explain(parts, anatomy, trace, match) } : {}),
  };
  return applyContext(parts, enrichment, context, {
    descriptor: line.text,
    mcc: null,
    amount: body.amount ?? null,
    occurredAt: body.occurredAt ?? null,
    userId: body.userId,
    cardId: null,
    programId: null,
    place: noPlace,
    address: null,
  });
}

/**
 * Enriches a line from any source: card spending when it reads as a card
 * purchase (bank card wording, or card fields), else as a transfer.
 */
/** A universal line read as a card purchase: its merchant name (else the line itself) and card fields. */
function asCardTransaction(body: UniversalTransaction, direction: Direction): CardTransaction {
  return {
    transactionId: body.transactionId,
    userId: body.userId,
    merchantName: body.merchantName ?? body.description,
    // Card amounts are signed: money coming in (a refund) is negative.
    amount: body.amount !== undefined && direction === 'incoming' ? -Math.abs(body.amount) : body.amount,
    currencyCode: body.currencyCode,
    occurredAt: body.occurredAt,
    categoryCode: body.categoryCode,
    categoryType: 'MCC',
    location: body.location,
    customAttributes: body.customAttributes,
    billingProfile: body.billingProfile,
    organizationId: body.organizationId,
  };
}

export function enrichUniversal(
  parts: EngineParts,
  body: UniversalTransaction,
  context: EnrichmentContext | undefined,
  options: EnrichOptions = {},
): Enrichment {
  const line = canonical(body.description);
  const direction = directionOf(body, undefined);
  const transferLike = ruleFor(readBankLine(body.description, undefined), direction, undefined);
  const looksLikeCard =
    cardWording.test(line) ||
    readAnatomy(body.description, parts.lexicon).wrapper?.via === 'card' ||
    body.categoryCode !== undefined ||
    body.merchantName !== undefined;
  if (looksLikeCard && (!transferLike || transferLike.type === 'reimbursement' || cardWording.test(line))) {
    return enrichCard(parts, asCardTransaction(body, direction), context, undefined, options);
  }
  const asTransfer = enrichTransfer(parts, body, context, options);
  if (asTransfer.transactionInfo.type !== 'other_money_movement' || transferLike) return asTransfer;
  // No transfer wording at all: a merchant the card path recognises makes it card spending.
  const asCard = enrichCard(parts, asCardTransaction(body, direction), context, undefined, options);
  return asCard.counterparty.length > 0 ? asCard : asTransfer;
}
