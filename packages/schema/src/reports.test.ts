import { describe, expect, it } from 'vitest';
import { errorReportSchema } from './reports.js';
import { validate } from './validate.js';

const enrichmentId = '3c9a61f4-5b0e-4f5e-9a3b-7f1d2e8c4b10';

describe('error report', () => {
  it('accepts a full report', () => {
    const report = {
      enrichmentId,
      errorDescription: 'Wrong merchant',
      incorrectCounterparty: true,
      incorrectCounterpartyDescription: 'It is a bakery',
      incorrectLocation: false,
      incorrectCategory: true,
      incorrectChannel: false,
    };
    expect(validate(errorReportSchema, report)).toEqual({ ok: true, value: report });
  });

  it('rejects with the contract bodies', () => {
    expect(validate(errorReportSchema, { enrichmentId: 'not-a-uuid', errorDescription: 'x' })).toEqual({
      ok: false,
      errors: { enrichmentId: ['Must be a valid UUID.'] },
    });
    expect(validate(errorReportSchema, {})).toEqual({
      ok: false,
      errors: { enrichmentId: ['This field is required.'], errorDescription: ['This field is required.'] },
    });
    expect(
      validate(errorReportSchema, {
        enrichmentId,
        errorDescription: 'x'.repeat(1025),
        incorrectChannelDescription: 'y'.repeat(1025),
        incorrectLocation: 'yes',
      }),
    ).toEqual({
      ok: false,
      errors: {
        errorDescription: ['Ensure this field has no more than 1024 characters.'],
        incorrectLocation: ['Must be a valid boolean.'],
        incorrectChannelDescription: ['Ensure this field has no more than 1024 characters.'],
      },
    });
  });
});
