/** The channel of a card purchase: at a counter (`physical`) or remote (`digital`). */
import type { ThirdParty as CatalogThirdParty, Merchant } from '@txenrich/catalog';
import type { Channel } from '@txenrich/schema';
import type { Anatomy } from '../anatomy/anatomy.js';
import type { Line } from '../normalize/line.js';
import { bareHost } from '../normalize/text.js';
import { pointOfSaleHosts } from '../resolve/evidence.js';

/** Third-party types through which the buyer was not at the counter. */
const remoteThirdPartyTypes = new Set(['marketplace', 'delivery_service']);

/** Airline tickets (MCC 3000-3299 and 4511) are bought remotely. */
const isAirlineMcc = (code: string) => code === '4511' || (code >= '3000' && code <= '3299');

export function decideChannel(
  line: Line,
  descriptor: Anatomy,
  merchant: Merchant | null,
  parties: readonly CatalogThirdParty[],
): Channel | null {
  const { mcc } = line;
  if (descriptor.cardNotPresent || line.remoteContact) return 'digital';
  if (parties.some((party) => party.roles.includes('p2p') || remoteThirdPartyTypes.has(party.type)))
    return 'digital';
  // A merchant without stores, or an airline ticket, is remote whatever numbers follow it.
  if (merchant?.channel === 'digital' || (mcc && isAirlineMcc(mcc.code))) return 'digital';
  if (descriptor.storeNumber || line.hasStreet) return 'physical';
  if (mcc?.cardNotPresent) return 'digital';
  if (descriptor.orderReference && merchant?.channel !== 'physical') return 'digital';
  const facilitator = parties.find((party) => party.roles.includes('facilitator'));
  if (facilitator)
    return facilitator.website && pointOfSaleHosts.has(bareHost(facilitator.website))
      ? 'physical'
      : 'digital';
  if (merchant || mcc) return 'physical';
  // The city slot of a card-not-present sale carries a phone, a host or `INTERNET`: a city there, or a
  // bank's in-person card wording (`PURCHASE AUTHORIZED ON`, `POS`), says the card was at a counter.
  if (descriptor.location.city || descriptor.location.region || descriptor.wrapper?.via === 'card')
    return 'physical';
  return null;
}
