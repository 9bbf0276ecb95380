/**
 * The other side of a bank line, as its bank rule says to find it: the party the line names (the ACH
 * company, the employer, the wire party) matched against the catalog; the P2P app or BNPL lender the
 * line names; the person paid over a P2P app; and else the party as the line names it, unverified.
 */
import type { ThirdParty as CatalogThirdParty, Merchant } from '@txenrich/catalog';
import type { TransactionSubType, TransactionType } from '@txenrich/schema';
import { type Anatomy, movedByAch } from '../anatomy/anatomy.js';
import type { CounterpartyRole } from '../classify/bank-rules.js';
import type { Lexicon } from '../lexicon.js';
import { bareHost } from '../normalize/text.js';
import { banksIndustry, lendsMoney } from './evidence.js';
import type { MatchResult, MatchTrace } from './matcher.js';
import { isPersonName, p2pApps } from './p2p.js';
import type { ResolveParts } from './parts.js';

export interface BankCounterparty {
  match: MatchResult | null;
  /** The catalog merchant on the other side; null when an app or a payroll processor stands there. */
  merchant: Merchant | null;
  /** The P2P app or BNPL lender the line names, when the rule says the app is the counterparty. */
  app: CatalogThirdParty | undefined;
  /** Third parties between the two sides: a payroll processor, the P2P app. */
  parties: CatalogThirdParty[];
  /** The person paid or paying over a P2P app (`Zelle payment to JOHN SMITH`). */
  person: string | null;
  /** The party as the line names it, when the catalog knows it not: the employer, the ACH company. */
  namedParty: string | null;
  /** The bank rule says nobody stands on the other side (a fee, a check by number, an own-account transfer). */
  nobody: boolean;
}

/** What the line's bank rule (classify/bank-rules.ts) says of the other side; none when no rule fired. */
export interface BankRuleHint {
  type: TransactionType;
  subType: TransactionSubType | null;
  counterparty: CounterpartyRole;
  peerToPeer?: boolean;
  appBetween?: boolean;
  merchantOrApp?: boolean;
}

/** Third parties named anywhere on the line: a P2P app, a payroll processor, a BNPL lender. */
function namedThirdParties(lexicon: Lexicon, text: string): CatalogThirdParty[] {
  const named: CatalogThirdParty[] = [];
  const { pattern, byPhrase } = lexicon.markers;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const party = lexicon.thirdParties.get(byPhrase.get(found[1]!)!.thirdPartyId);
    if (party && !named.includes(party)) named.push(party);
  }
  return named;
}

/** Words a bank's entry is made of: a party named by them alone is no one (`CREDIT CARD`, `AUTOMOBILE PAYMENT`). */
const entryWords = new Set(
  'CREDIT CARD CARDS PAYMENT PAYMENTS PMT PYMT AUTOPAY AUTO AUTOMOBILE LOAN MORTGAGE MTG ONLINE MOBILE WEB TRANSFER XFER DEPOSIT WITHDRAWAL BILL PAY THANK YOU ACCOUNT ACCT CHECKING SAVINGS DEBIT ELECTRONIC ACH INTERNET BANKING ATM FEE FEES SURCHARGE REBATE REFUND REVERSAL RETURN RETURNED INTEREST CHARGE CHARGES ADJUSTMENT OF FOR REWARD REWARDS POINTS REDEMPTION'.split(
    ' ',
  ),
);
const onlyWording = (party: string) =>
  party.split(/[^A-Z]+/).every((word) => word === '' || entryWords.has(word));

/**
 * A bank line's party that is a country's name alone is its government paying or paid (`CANADA GST`, `Tax
 * Refund CANADA`: the Government of Canada's deposits name the country): that reading too.
 */
function governmentOf(lexicon: Lexicon, party: string): string[] {
  return /^[A-Z ]{4,}$/.test(party) && lexicon.geography.countryCode(party) !== null
    ? [`GOVERNMENT OF ${party}`]
    : [];
}

export function resolveBankCounterparty(
  parts: ResolveParts,
  anatomy: Anatomy,
  rule: BankRuleHint | undefined,
  trace: MatchTrace | undefined,
  /** Where the line happened, from its currency (`homeCountryOf`). */
  country: string | null,
): BankCounterparty {
  const text = anatomy.raw;
  const viaApp = rule?.counterparty === 'app' || (!rule && p2pApps.test(text));
  let counterpartyText: string | null = null;
  if (viaApp) {
    const app = p2pApps.exec(text)?.[1] ?? anatomy.fields?.party ?? null;
    counterpartyText = app === 'SQC*' || app === 'SQUARE CASH' ? 'CASH APP' : app;
  } else if (rule?.counterparty !== 'none') {
    counterpartyText = anatomy.name || null;
    // A letter alone before an ATM's wording names no bank; two may (`TD ATM W/D 005295`), when the catalog
    // knows them as a bank's (an operator's code, `IC`, it does not).
    if (rule?.type === 'atm' && (counterpartyText?.replace(/[^A-Z]/g, '').length ?? 0) < 2)
      counterpartyText = null;
  }
  const named = namedThirdParties(parts.lexicon, text);
  // And those the anatomy read from a prefix (`SQC*JOHN SMITH`: Cash App's).
  for (const id of anatomy.thirdPartyIds) {
    const party = parts.lexicon.thirdParties.get(id);
    if (party && !named.includes(party)) named.push(party);
  }

  const thirdPartyHosts = anatomy.thirdPartyIds.flatMap((id) => {
    const website = parts.lexicon.thirdParties.get(id)?.website;
    return website ? [bareHost(website)] : [];
  });
  const evidence = {
    // An ATM's owner is a bank or credit union: what an ATM's MCC would say (`NAVY FEDERAL` is no generic name there).
    mccIndustryId: rule?.type === 'atm' ? banksIndustry : null,
    atMachine: rule?.type === 'atm',
    country,
    mccEntry: null,
    behindFacilitator: false,
    thirdPartyHosts,
    companyField: anatomy.fields !== null,
  };
  const ach = movedByAch(anatomy);
  const host = anatomy.location.host;
  const match = counterpartyText
    ? parts.matcher.match(
        {
          // An ACH company's descriptor with its numbers: `VACP TREAS 310` is a statement form.
          readings: viaApp
            ? [counterpartyText]
            : [
                counterpartyText,
                ...anatomy.alternates,
                ...(ach ? [anatomy.descriptor] : []),
                ...governmentOf(parts.lexicon, counterpartyText),
              ],
          statementForms: [text],
          // A marketplace's own host (`INSTACART.COM`) names the marketplace, not the merchant behind it.
          host: host && !thirdPartyHosts.includes(host) ? host : null,
        },
        evidence,
        trace,
      )
    : null;
  let merchant = match ? parts.merchants[match.entry]! : null;
  // A card or loan is paid to its lender, a bank the catalog knows; else to nobody named. An ATM is a
  // lender's too, never the shop it stands in (`ATM WITHDRAWAL 7-ELEVEN`).
  const lender = rule?.counterparty === 'lender';
  const notLending = (lender || rule?.type === 'atm') && !(merchant && lendsMoney(merchant.industryId));
  if (notLending) merchant = null;
  // The P2P app (`Apple Cash`, not `Apple`) or the BNPL lender the line names is the counterparty; so is
  // the app paying someone the catalog knows not as a merchant.
  const app =
    rule?.counterparty === 'app' || (rule?.merchantOrApp && !merchant)
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
  // A P2P app paying a business stands between it and the holder (`Swish betalning TELE2 SVERIGE AB`).
  const between = rule?.appBetween && !app ? named.find((party) => party.roles.includes('p2p')) : undefined;
  const parties = [
    ...payroll,
    ...(app && (rule?.peerToPeer || viaApp) ? [app] : []),
    ...(between ? [between] : []),
  ];

  // The person paid or paying (`Zelle payment to JOHN SMITH`, `CASH APP*JANE DOE`) is the counterparty;
  // the app stands between them, as a third party.
  const person =
    rule?.peerToPeer &&
    (anatomy.fields?.via === 'p2p' ||
      anatomy.wrapper?.via === 'p2p' ||
      anatomy.rules.includes('wrapper.via-app') ||
      (app && anatomy.thirdPartyIds.includes(app.id))) &&
    isPersonName(anatomy.name, app?.name)
      ? anatomy.display
      : null;
  const namedParty =
    !merchant &&
    !app &&
    rule?.counterparty !== 'none' &&
    !lender &&
    rule?.type !== 'atm' &&
    counterpartyText &&
    !onlyWording(counterpartyText)
      ? anatomy.display
      : null;
  const nobody = rule?.counterparty === 'none' || (lender && !merchant);
  return { match: notLending ? null : match, merchant, app, parties, person, namedParty, nobody };
}
