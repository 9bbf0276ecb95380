/**
 * Merchant action triggers: compile time for 300,000 triggers (median of 5
 * runs) and the matching cost each enrichment pays (median and p99 over
 * 100,000 subjects, plus the whole-run mean, which carries no timer overhead).
 *
 * The set: one account scope of 290,000 triggers (120,000 corporation
 * triggers by website, 20,000 by name, 150,000 store locations of 1,500
 * chains by postal code, city or address) and 10,000 triggers spread over
 * 1,000 programs, 2,000 users and 2,000 cards. Subjects: counterparties from
 * the same merchant pool (60% registered, 40% not), their places, zero to two
 * third parties, and users, cards and programs drawn from the same pools.
 *
 *   node --conditions=@txenrich/source --import tsx src/triggers.ts
 */

import {
  compileTriggers,
  matchTriggers,
  type TriggerRegistration,
  type TriggerSubject,
} from '@txenrich/core';
import { mulberry32 } from '@txenrich/generator';
import type { MerchantTrigger } from '@txenrich/schema';
import { formatSummary, summarize } from './stats.js';

const random = mulberry32(300_000);
const int = (max: number) => Math.floor(random() * max);
const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;

const words = [
  'blue',
  'north',
  'star',
  'green',
  'golden',
  'river',
  'urban',
  'prime',
  'lucky',
  'bright',
  'royal',
  'coast',
];
const nouns = [
  'coffee',
  'market',
  'foods',
  'books',
  'fitness',
  'motors',
  'pets',
  'labs',
  'outfitters',
  'kitchen',
];
const merchantName = (index: number) => `${pick(words)} ${pick(nouns)} ${index}`;
const hostOf = (index: number) => `merchant-${index}.example.com`;
const cities = Array.from({ length: 400 }, (_, index) => ({
  city: `City ${index}`,
  region: ['CA', 'NY', 'TX', 'WA', 'IL', 'FL'][index % 6]!,
}));
const actions = [
  { type: 'BLOCK' },
  { type: 'NOTIFY', channel: 'push' },
  { type: 'ALLOW_ONLY' },
  { type: 'TAG', tag: 'x' },
];

const accountTriggers: MerchantTrigger[] = [];
for (let index = 0; index < 120_000; index++) {
  accountTriggers.push({
    id: `corp-${index}`,
    merchantName: merchantName(index),
    website: `https://www.${hostOf(index)}/`,
    level: 'corporation',
    action: index % 50 === 0 ? actions[0]! : actions[1]!,
  });
}
for (let index = 0; index < 20_000; index++) {
  accountTriggers.push({
    id: `name-${index}`,
    merchantName: `Local Shop ${index}`,
    city: pick(cities).city,
    level: 'corporation',
    action: actions[3]!,
  });
}
for (let index = 0; index < 150_000; index++) {
  const chain = 200_000 + (index % 1_500);
  const place = pick(cities);
  const kind = index % 3;
  accountTriggers.push({
    id: `store-${index}`,
    merchantName: `Chain ${chain}`,
    website: `https://${hostOf(chain)}`,
    level: 'location',
    action: actions[1]!,
    ...(kind === 0 ? { postalCode: String(10_000 + int(89_999)) } : {}),
    ...(kind === 1 ? { city: place.city, region: place.region } : {}),
    ...(kind === 2 ? { address: `${int(9_999)} Main Street`, city: place.city } : {}),
  });
}
const registrations: TriggerRegistration[] = [{ scope: 'account', scopeKey: {}, triggers: accountTriggers }];
const scoped = (
  scope: TriggerRegistration['scope'],
  scopeKey: TriggerRegistration['scopeKey'],
  count: number,
) => {
  const triggers: MerchantTrigger[] = [];
  for (let index = 0; index < count; index++) {
    const merchant = int(120_000);
    triggers.push({
      id: `${scope}-${index}`,
      merchantName: merchantName(merchant),
      website: hostOf(merchant),
      level: 'corporation',
      action: pick(actions),
    });
  }
  registrations.push({ scope, scopeKey, triggers });
};
for (let index = 0; index < 1_000; index++) scoped('program', { programId: `program-${index}` }, 2);
for (let index = 0; index < 2_000; index++) scoped('user', { userId: `user-${index}` }, 2);
for (let index = 0; index < 2_000; index++)
  scoped('card', { userId: `user-${index}`, cardId: `card-${index % 3}` }, 2);
const total = registrations.reduce((sum, registration) => sum + registration.triggers.length, 0);

// Compile: median of 5 (after one warm-up run).
compileTriggers(registrations);
const compileMs: number[] = [];
let compiled = compileTriggers(registrations);
for (let run = 0; run < 5; run++) {
  const start = process.hrtime.bigint();
  compiled = compileTriggers(registrations);
  compileMs.push(Number(process.hrtime.bigint() - start) / 1e6);
}
compileMs.sort((a, b) => a - b);
console.log(
  `compile ${total.toLocaleString('en-US')} triggers      median=${compileMs[2]!.toFixed(0)} ms  (runs: ${compileMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
);

// Subjects: as the engine would hand them over.
const thirdPartyPool = [
  { name: 'Square', website: 'https://squareup.com' },
  { name: 'PayPal', website: 'https://www.paypal.com' },
  { name: 'DoorDash', website: 'https://www.doordash.com' },
];
const subjects: TriggerSubject[] = [];
for (let index = 0; index < 100_000; index++) {
  const registered = random() < 0.6;
  const merchant = registered
    ? random() < 0.8
      ? int(120_000)
      : 200_000 + int(1_500)
    : 500_000 + int(100_000);
  const place = pick(cities);
  const user = int(4_000);
  const parties = int(3);
  subjects.push({
    userId: `user-${user}`,
    cardId: `card-${int(3)}`,
    programId: `program-${int(2_000)}`,
    counterparty:
      random() < 0.9
        ? {
            name: merchant >= 200_000 && merchant < 300_000 ? `Chain ${merchant}` : merchantName(merchant),
            website: random() < 0.85 ? `https://www.${hostOf(merchant)}` : null,
            city: place.city,
            region: place.region,
            postalCode: String(10_000 + int(89_999)),
            address: null,
          }
        : null,
    thirdParties: Array.from({ length: parties }, () => pick(thirdPartyPool)),
  });
}

function measure(label: string, target: ReturnType<typeof compileTriggers>) {
  let matched = 0;
  for (let round = 0; round < 3; round++)
    for (const item of subjects) if (matchTriggers(target, item)) matched++;
  matched = 0;
  const latencies = new Float64Array(subjects.length);
  const wallStart = process.hrtime.bigint();
  for (let index = 0; index < subjects.length; index++) {
    const start = process.hrtime.bigint();
    const result = matchTriggers(target, subjects[index]!);
    latencies[index] = Number(process.hrtime.bigint() - start);
    if (result) matched++;
  }
  const wall = Number(process.hrtime.bigint() - wallStart);
  const summary = summarize(latencies, wall);
  console.log(
    `${formatSummary(label, summary)}  mean=${(wall / subjects.length / 1000).toFixed(2)} us  (${matched.toLocaleString('en-US')} with actions)`,
  );
}

measure('match, 300k triggers', compiled);
measure('match, no triggers', compileTriggers([]));
