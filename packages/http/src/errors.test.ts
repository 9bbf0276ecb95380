import { ServiceError, StoreError } from '@txenrich/service';
import { describe, expect, it } from 'vitest';
import { answerOfCode, clientErrorResponse, errorResponse, HttpError, invalidInput } from './errors.js';

/** A Fastify error as the framework throws it: a code, a status, and a message naming internals. */
const frameworkError = (code: string, statusCode: number) =>
  Object.assign(new Error(`'/batches/${'a'.repeat(2000)}' is exceeding the max param length`), {
    code,
    statusCode,
  });

describe('errorResponse', () => {
  it("answers every framework code of the table in its family's shape: non_field_errors for 400, else details", () => {
    const frameworkCodes = Object.entries(answerOfCode).filter(([code]) =>
      /^(FST_|HPE_|ERR_HTTP_)/.test(code),
    );
    expect(frameworkCodes.length).toBeGreaterThan(5);
    for (const [code, { status }] of frameworkCodes) {
      const { body } = errorResponse(frameworkError(code, status));
      expect(body).toEqual(
        status === 400 ? { non_field_errors: [expect.any(String)] } : { details: expect.any(String) },
      );
      expect(JSON.stringify(body)).not.toMatch(/FST_|aaaa/);
    }
  });

  it('sends details, never detail, whatever body the service attached to a code that is not a 400', () => {
    const conflict = new ServiceError('CONFLICT', 'In progress.', { body: { detail: 'In progress.' } });
    expect(errorResponse(conflict)).toMatchObject({ status: 409, body: { details: 'In progress.' } });
    const notFound = new ServiceError('NOT_FOUND', 'No triggers.', { body: { detail: 'No triggers.' } });
    expect(errorResponse(notFound)).toMatchObject({ status: 404, body: { details: 'No triggers.' } });
  });

  it('answers the field errors of an INVALID_INPUT, and non_field_errors without them', () => {
    expect(errorResponse(invalidInput({ merchantName: ['x'] }))).toMatchObject({
      status: 400,
      body: { merchantName: ['x'] },
    });
    expect(errorResponse(new ServiceError('INVALID_INPUT', 'Bad.'))).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Bad.'] },
    });
  });

  it("never sends the framework's message or code", () => {
    const answer = errorResponse(frameworkError('FST_ERR_MAX_PARAM_LENGTH', 414));
    expect(answer).toEqual({
      status: 414,
      body: { details: 'The request URI is too long.' },
      expected: true,
    });
    const unknown = errorResponse(frameworkError('FST_ERR_SOMETHING_NEW', 415));
    expect(unknown).toEqual({ status: 415, body: { details: 'Unsupported Media Type.' }, expected: true });
  });

  it('answers 503 with the code and Retry-After for store outages and shutdown, 500 for the rest', () => {
    expect(errorResponse(new StoreError('STORE_BUSY', 'locked'))).toEqual({
      status: 503,
      body: { details: 'The service is temporarily unavailable. Try again in 1 second.', code: 'STORE_BUSY' },
      expected: false,
      headers: { 'retry-after': '1' },
    });
    expect(errorResponse(new HttpError('SHUTTING_DOWN', 'closing'))).toMatchObject({
      status: 503,
      body: { code: 'SHUTTING_DOWN' },
      headers: { 'retry-after': '5' },
    });
    for (const error of [
      new StoreError('STORE_FAILED', 'disk said no'),
      new SyntaxError('in a handler'),
      'x',
    ])
      expect(errorResponse(error)).toEqual({
        status: 500,
        body: { details: 'Internal server error.' },
        expected: false,
      });
  });
});

describe('clientErrorResponse', () => {
  it("answers Node's parser refusals in the contract's shapes", () => {
    expect(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' })).toMatchObject({
      status: 431,
      body: { details: 'The request headers are too large.' },
    });
    expect(clientErrorResponse({ code: 'HPE_INVALID_METHOD' })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['The request is not valid HTTP.'] },
    });
  });
});
