import { type TransactionKind, transactionSchemas } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import {
  compileCorrections,
  createEngine,
  descriptorKey,
  descriptorKeyOf,
  enrichByKind,
} from '../src/index.js';

const engine = createEngine();
/** A Mastercard-layout DE43 field: its name slot is the descriptor, not the whole string. */
const de43 = `${'BLUE BOTTLE COFFEE #12'.padEnd(22)} ${'OAKLAND'.padEnd(13)} CA `;

const requests: Array<[TransactionKind, Record<string, unknown>, string]> = [
  ['card', { merchantName: 'SQ *BLUE BOTTLE #12 4155551234' }, 'SQ BLUE BOTTLE'],
  ['de43', { de43, merchantName: 'SOMETHING ELSE' }, 'BLUE BOTTLE COFFEE'],
  [
    'transfer',
    { userId: 'u1', transactionType: 'ACH_WITHDRAWAL', description: 'AMAZON CORP SYF PAYMNT 0423' },
    'AMAZON CORP SYF PAYMNT',
  ],
  // Read as a card purchase: the merchant name is the descriptor.
  [
    'universal',
    { userId: 'u1', description: 'ACH DEBIT COMCAST CABLE 12345', merchantName: 'COMCAST' },
    'COMCAST',
  ],
  // Read as a transfer: the description is.
  ['universal', { userId: 'u1', description: 'ZELLE TO JOHN', merchantName: 'JOHN' }, 'ZELLE TO JOHN'],
];

/** The request as the service hands it over: validated by its kind's schema. */
const validated = (kind: TransactionKind, raw: unknown) => transactionSchemas[kind].parse(raw);

describe('descriptorKeyOf', () => {
  it.each(requests)('gives the key the engine uses for a %s request', (kind, body, expected) => {
    expect(descriptorKeyOf(engine, kind, validated(kind, body))).toBe(expected);
  });

  it('differs from the key of the raw field where the engine reads a part of it', () => {
    expect(descriptorKey(de43)).toBe('BLUE BOTTLE COFFEE OAKLAND CA');
  });

  it.each(requests)('keys a correction that applies to the next %s enrichment', (kind, body) => {
    const corrections = compileCorrections([
      {
        descriptorKey: descriptorKeyOf(engine, kind, validated(kind, body)),
        counterparty: { name: 'Corrected Co' },
      },
    ]);
    const enrichment = enrichByKind(engine, kind, validated(kind, body), { corrections });
    expect(enrichment.counterparty[0]?.name).toBe('Corrected Co');
  });
});
