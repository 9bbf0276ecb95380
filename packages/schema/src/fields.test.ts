import { describe, expect, it } from 'vitest';
import { monthLength, occurredAtToEpochMs } from './fields.js';

describe('occurredAtToEpochMs', () => {
  it.each([
    ['2024-06-01', '2024-06-01T00:00:00.000Z'],
    ['2024-06-01T12:30Z', '2024-06-01T12:30:00.000Z'],
    ['2024-06-01 12:30:05Z', '2024-06-01T12:30:05.000Z'],
    ['2024-06-01T12:30:00.1Z', '2024-06-01T12:30:00.100Z'],
    ['2024-06-01T12:30:00.123456789Z', '2024-06-01T12:30:00.123Z'],
    ['2024-06-01T12:30:00+02:00', '2024-06-01T10:30:00.000Z'],
    ['2024-06-01T00:15:00-0530', '2024-06-01T05:45:00.000Z'],
    ['2024-02-29T23:59:59.999Z', '2024-02-29T23:59:59.999Z'],
    ['0099-03-01', '0099-03-01T00:00:00.000Z'],
  ])('reads %s as the instant %s', (value, instant) => {
    expect(occurredAtToEpochMs(value)).toBe(Date.parse(instant));
  });

  it.each([
    '',
    'yesterday',
    '06/01/2024',
    '2024-6-01',
    '2024-06-01 ',
    '2024-13-01',
    '2024-00-10',
    '2024-06-00',
    '2024-06-31',
    '2023-02-29',
    '1900-02-29',
    '2024-06-01T12:30:00',
    '2024-06-01t12:30:00Z',
    '2024-06-01T1:30:00Z',
    '2024-06-01T24:00:00Z',
    '2024-06-01T12:60:00Z',
    '2024-06-01T12:30:60Z',
    '2024-06-01T12:30:00.Z',
    '2024-06-01T12:30:00.1234567890Z',
    '2024-06-01T12:30:00ZZ',
    '2024-06-01T12:30:00z',
    '2024-06-01T12:30:00+24:00',
    '2024-06-01T12:30:00+05:60',
    '2024-06-01T12:30:00+05:3',
    '2024-06-01T12:30:00+01',
  ])('rejects %j', (value) => {
    expect(occurredAtToEpochMs(value)).toBeUndefined();
  });
});

describe('monthLength', () => {
  it('knows leap years: every 4th, but not centuries, but every 4th century', () => {
    expect([2023, 2024, 1900, 2000].map((year) => monthLength(year, 2))).toEqual([28, 29, 28, 29]);
    expect(monthLength(2024, 4)).toBe(30);
    expect(monthLength(2024, 12)).toBe(31);
  });
});
