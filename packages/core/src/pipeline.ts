/**
 * The one pipeline every kind of transaction travels:
 *
 *   normalize → anatomy → resolve → classify → shape → context
 *
 * What differs by kind is its row in `kinds`: how its body is read into the line, and which path the
 * line takes — a card purchase (a merchant behind the line, a channel) or a bank movement (a bank rule,
 * a transfer). A universal body is routed once, by its words. Every enrichment is built once and meets
 * the context (corrections, recurrence history, triggers) once.
 */

import type { Enrichment, TransactionByKind, TransactionKind } from '@txenrich/schema';
import { type Anatomy, readAnatomy } from './anatomy/anatomy.js';
import { classifyBankMovement } from './classify/bank-movement.js';
import { type BankRule, bankRuleFor } from './classify/bank-rules.js';
import { classifyCardPurchase } from './classify/card-purchase.js';
import { routeOf } from './classify/route.js';
import { beginContext, type ContextFacts, type PendingEnrichment } from './context/apply-context.js';
import type { EnrichmentContext } from './context/context.js';
import type { EngineParts } from './engine-parts.js';
import type { Lexicon, Place } from './lexicon.js';
import { parseDe43 } from './normalize/de43.js';
import { homeCountriesOf, homeCountryOf } from './normalize/home-country.js';
import {
  type Line,
  readCardBody,
  readTransferBody,
  readUniversalAsCard,
  readUniversalBody,
} from './normalize/line.js';
import { resolveBankCounterparty } from './resolve/bank-counterparty.js';
import { resolveCardCounterparty } from './resolve/card-counterparty.js';
import { namesTrade } from './resolve/evidence.js';
import type { MatchTrace } from './resolve/matcher.js';
import { noPlace, placeOf } from './resolve/place.js';
import { shapeBankMovement, shapeCardPurchase } from './shape/enrichment.js';
import type { EnrichOptions } from './shape/explanation.js';

type Reader<K extends TransactionKind> = (body: TransactionByKind[K], lexicon: Lexicon) => Line;

/** What differs by kind: the normalize stage's reader, and the path the line takes. */
interface KindRow<K extends TransactionKind> {
  read: Reader<K>;
  path: 'card' | 'bank' | 'route';
}

/** A kind whose path its line's words decide, read again as a card purchase when it takes that path. */
interface RoutedRow<K extends TransactionKind> extends KindRow<K> {
  path: 'route';
  readAsCard: (body: TransactionByKind[K], line: Line, lexicon: Lexicon) => Line;
}

const isRouted = <K extends TransactionKind>(row: KindRow<K>): row is RoutedRow<K> => row.path === 'route';

const kinds: { [K in TransactionKind]: KindRow<K> | RoutedRow<K> } = {
  card: { read: (body, lexicon) => readCardBody(body, null, lexicon.mccs), path: 'card' },
  // The raw field 43 wins over the body's name and place when it parses.
  de43: {
    read: (body, lexicon) =>
      readCardBody(body, body.de43?.trim() ? parseDe43(body.de43, lexicon) : null, lexicon.mccs),
    path: 'card',
  },
  transfer: { read: readTransferBody, path: 'bank' },
  universal: {
    read: readUniversalBody,
    path: 'route',
    readAsCard: (body, line, lexicon) => readUniversalAsCard(body, line, lexicon.mccs),
  },
};

/** A shaped result and what the context stage needs to know of its transaction. */
interface Built {
  enrichment: Enrichment;
  facts: ContextFacts;
}

type AnatomyReader = (line: Pick<Line, 'text' | 'nameField' | 'currencyCode'>, atm: boolean) => Anatomy;

/** The anatomy stage, remembering its last reading: a routed line is read once for its route and path. */
function anatomyReader(lexicon: Lexicon): AnatomyReader {
  let last:
    | { line: Pick<Line, 'text' | 'nameField' | 'currencyCode'>; atm: boolean; anatomy: Anatomy }
    | undefined;
  return (line, atm) => {
    if (
      last?.line.text !== line.text ||
      last.atm !== atm ||
      last.line.nameField !== line.nameField ||
      last.line.currencyCode !== line.currencyCode
    ) {
      const homeCountry = homeCountryOf(line.currencyCode)?.toUpperCase() ?? null;
      const homeCountries = homeCountriesOf(line.currencyCode);
      const { text, nameField } = line;
      last = {
        line,
        atm,
        anatomy: readAnatomy(text, lexicon, { atm, nameField, homeCountry, homeCountries }),
      };
    }
    return last.anatomy;
  };
}

const traceFor = (options: EnrichOptions): MatchTrace | undefined =>
  options.explain ? { candidates: [] } : undefined;

function contextFacts(line: Line, anatomy: Anatomy, place: Place, industryId: string | null): ContextFacts {
  return {
    industryId,
    descriptor: anatomy.raw,
    mcc: line.categoryCode,
    amount: line.amount,
    direction: line.direction,
    occurredAt: line.occurredAt,
    userId: line.userId,
    cardId: line.cardId,
    programId: line.programId,
    // Set from the body by `beginInPipeline` (the line does not carry it).
    organizationId: null,
    place,
    address: line.address,
  };
}

/** A card purchase through anatomy, resolve and classify; `shape` builds its result. */
function cardPurchase(
  parts: EngineParts,
  line: Line,
  read: AnatomyReader,
  options: EnrichOptions,
  /** A bank or aggregator line read as a card purchase: money back on it is a refund, a reimbursement. */
  fromBankLine = false,
) {
  // At an ATM, ATM wording and the machine's street surround the bank's name.
  const anatomy = read(line, Boolean(line.mcc?.atm));
  const place = placeOf(parts.lexicon.geography, line.place, anatomy.location);
  const trace = traceFor(options);
  const counterparty = resolveCardCounterparty(parts, line, anatomy, place, trace);
  const kind = classifyCardPurchase(line, anatomy, counterparty, fromBankLine);
  return {
    /** A catalog merchant, or the merchant read from the line. */
    namesCounterparty: counterparty.merchant !== null || counterparty.unverifiedName !== null,
    /**
     * Who refunds a card: a catalog merchant, a merchant behind a processor's prefix, one the line places as
     * a card's descriptor does (a town and its state, a store number: `DFS SAN FRANCISCO CA`), or a business
     * by its trade's word (`COLORADO DERMATOLOGY G`).
     */
    refunds:
      counterparty.merchant !== null ||
      anatomy.prefixes.length > 0 ||
      (anatomy.location.city !== null && anatomy.location.region !== null) ||
      anatomy.storeNumber !== null ||
      namesTrade(anatomy.name),
    shape: (): Built => ({
      enrichment: shapeCardPurchase(parts, line, anatomy, place, trace, counterparty, kind),
      facts: contextFacts(line, anatomy, place, kind.industryId),
    }),
  };
}

/** A bank movement through anatomy, resolve and classify (its rule already chosen); `shape` builds its result. */
function bankMovement(
  parts: EngineParts,
  line: Line,
  rule: BankRule | undefined,
  read: AnatomyReader,
  options: EnrichOptions,
) {
  const anatomy = read(line, rule?.yields.type === 'atm');
  const trace = traceFor(options);
  const counterparty = resolveBankCounterparty(
    parts,
    anatomy,
    rule?.yields,
    trace,
    homeCountryOf(line.currencyCode),
  );
  const kind = classifyBankMovement(line, anatomy, rule, counterparty);
  return {
    kind,
    shape: (): Built => ({
      enrichment: shapeBankMovement(parts, line, anatomy, trace, counterparty, kind),
      facts: contextFacts(line, anatomy, noPlace, kind.industryId),
    }),
  };
}

function build<K extends TransactionKind>(
  parts: EngineParts,
  row: KindRow<K>,
  body: TransactionByKind[K],
  options: EnrichOptions,
): Built {
  const line = row.read(body, parts.lexicon);
  const read = anatomyReader(parts.lexicon);
  if (row.path === 'card') return cardPurchase(parts, line, read, options).shape();
  // The bank rule reads the line's words before the anatomy does: it tells the anatomy an ATM's line.
  // A statement code says what the entry is, as a declared type does.
  const declared = [line.declaredType, line.statementCode?.kind].filter(Boolean).join(' ') || null;
  const rule = bankRuleFor(line.text, line.direction, declared, line.amount);
  if (!isRouted(row)) return bankMovement(parts, line, rule, read, options).shape();

  const route = routeOf(line, read(line, false), rule);
  const asCard = () => cardPurchase(parts, row.readAsCard(body, line, parts.lexicon), read, options, true);
  if (route === 'card') return asCard().shape();
  const bank = bankMovement(parts, line, rule, read, options);
  // What the bank path read of the party (a debt, a refund, the holder's own transfer, an investment) is
  // no purchase; only spending and a bare deposit or withdrawal may be one.
  const decided =
    bank.kind.type === 'other_money_movement'
      ? bank.kind.subType !== 'deposit' && bank.kind.subType !== 'withdrawal'
      : bank.kind.type !== 'spending';
  if (route === 'bank' || decided) return bank.shape();
  // No transfer wording: spending, or a merchant the card path names, is a card purchase, which says more
  // (its channel, the processor between, the place). Money in is a card refund only from a merchant a card
  // pays (see `refunds`), never by ACH (`GUSTO DES:PAY ... PPD`): else it is a deposit from the name read.
  const card = asCard();
  const purchase =
    line.direction === 'outgoing'
      ? bank.kind.type === 'spending' || card.namesCounterparty
      : card.refunds && !movedByAch(read(line, false));
  return purchase ? card.shape() : bank.shape();
}

/** Money moved by ACH or a transfer (`GUSTO DES:PAY ... PPD`, `Direct Credit 012721 ATO`): no card's refund. */
const movedByAch = (anatomy: Anatomy) =>
  anatomy.fields?.via === 'ach' || anatomy.wrapper?.via === 'ach' || anatomy.wrapper?.via === 'transfer';

/** A validated body of `kind` through every stage up to its context's recurrence and triggers (see `PendingEnrichment`). */
export function beginInPipeline<K extends TransactionKind>(
  parts: EngineParts,
  kind: K,
  body: TransactionByKind[K],
  context: EnrichmentContext | undefined,
  options: EnrichOptions = {},
): PendingEnrichment {
  const { enrichment, facts } = build(parts, kinds[kind] as KindRow<K>, body, options);
  facts.organizationId = body.organizationId ?? null;
  return beginContext(parts, enrichment, context, facts);
}
