/**
 * Every error answer goes through the one table (packages/http/src/errors.ts), in one shape per status
 * family: the framework's own refusals included, none naming a framework code or echoing the request.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, closeShared, keys, startServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
  await closeShared();
});

const forbidden = { details: 'Incorrect authentication credentials.' };

/** Sends raw bytes on a fresh connection; answers the status line's code and the body, once it closes. */
async function rawRequest(
  url: string,
  bytes: string,
  beforeClose?: (socket: ReturnType<typeof connect>) => Promise<void>,
) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(bytes);
  await beforeClose?.(socket);
  await closed;
  return received;
}

const answersOf = (text: string) =>
  [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r]*\r\n[\s\S]*?\r\n\r\n(\{[^\r]*?\})(?=HTTP\/1\.1|$)/g)].map(
    ([, status, body]) => ({ status: Number(status), body: JSON.parse(body!) as unknown }),
  );

describe('framework errors', () => {
  const longId = 'a'.repeat(1200);

  it('answers a path id over 1,100 characters with 403 before authentication, and 414 in the contract shape after', async () => {
    for (const path of [`/batches/${longId}`, `/users/${longId}/merchant-action-triggers`]) {
      const anonymous = await server.request(path, { key: null });
      expect(anonymous.status).toBe(403);
      expect(await anonymous.json()).toEqual(forbidden);

      const known = await server.request(path);
      expect(known.status).toBe(414);
      const text = await known.text();
      expect(JSON.parse(text)).toEqual({ details: 'The request URI is too long.' });
      expect(text).not.toMatch(/FST_|aaaa/);
      expect(known.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const admin = await server.request(`/admin/reports/${longId}/reject`, {
      method: 'POST',
      key: null,
      headers: { 'x-admin-key': adminKey },
    });
    expect(admin.status).toBe(414);
  });

  it('answers a path that cannot be decoded like one that names nothing', async () => {
    const response = await server.request('/batches/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ details: 'Not found.' });
  });

  it('answers headers too large for Node with 431 and details', async () => {
    const answers = answersOf(
      await rawRequest(
        server.url,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(answers).toEqual([{ status: 431, body: { details: 'The request headers are too large.' } }]);
  });

  it('answers a request that is not HTTP with 400 and non_field_errors', async () => {
    const answers = answersOf(await rawRequest(server.url, 'HELLO THERE\r\n\r\n'));
    expect(answers).toEqual([
      { status: 400, body: { non_field_errors: ['The request is not valid HTTP.'] } },
    ]);
  });

  it('answers an HTTP/1.1 request without Host, and a CONNECT, in the contract shape', async () => {
    // Node answered the first with an empty 400 and dropped the second without a word (found by the
    // endpoint fuzzing of issue #20).
    expect(
      answersOf(await rawRequest(server.url, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n')),
    ).toEqual([
      {
        status: 400,
        body: {
          non_field_errors: ['The request is not valid HTTP: an HTTP/1.1 request needs a Host header.'],
        },
      },
    ]);
    expect(answersOf(await rawRequest(server.url, 'GET /healthz HTTP/1.0\r\n\r\n'))).toEqual([
      { status: 200, body: { status: 'ok', region: 'local' } },
    ]);
    const { port } = new URL(server.url);
    expect(
      answersOf(
        await rawRequest(server.url, `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
      ),
    ).toEqual([{ status: 404, body: { details: 'Not found.' } }]);
  });

  it('answers invalid JSON and prototype keys with a fixed sentence, not the parser’s', async () => {
    for (const body of ['{"merchantName": ', '{"merchantName": "X", "__proto__": {"admin": true}}']) {
      const response = await server.request('/transactions/cards/enrich', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        non_field_errors: [
          'JSON parse error - the body is not valid JSON, or it holds a "__proto__" or "constructor.prototype" key.',
        ],
      });
    }
  });
});

describe('one body shape per status family', () => {
  it('answers the trigger 404 and 409 with details, like every other 404 and 409', async () => {
    const response = await server.request('/users/never-had-any/merchant-action-triggers');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ details: 'No action triggers exist for this scope' });
  });

  it('answers a feature the key lacks and a wrong admin key with details', async () => {
    const search = await server.request('/corporations?name=star', { key: keys.acmeProduction });
    expect(await search.json()).toEqual({ details: 'Merchant search is not enabled for this API key.' });
    const admin = await server.request('/admin/usage', { key: null, headers: { 'x-admin-key': 'wrong' } });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toEqual(forbidden);
  });
});

describe('shutting down', () => {
  it('answers a request that arrives while the server closes with the contract’s 503', async () => {
    const closing = await startServer();
    const body = JSON.stringify({ merchantName: 'NETFLIX.COM' });
    const headers = `Host: x\r\nX-Api-Key: ${keys.acmeSandbox}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`;
    let closed: Promise<void> | undefined;
    const text = await rawRequest(
      closing.url,
      // The first request is under way (its body not all sent) when the server starts closing; the
      // second arrives on the same connection after that.
      `POST /transactions/cards/enrich HTTP/1.1\r\n${headers}\r\n\r\n${body.slice(0, 5)}`,
      async (socket) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        closed = closing.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket.end(`${body.slice(5)}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      },
    );
    await closed;
    const answers = answersOf(text);
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    expect(answers[1]?.body).toEqual({
      details: 'The service is temporarily unavailable. Try again in 5 seconds.',
      code: 'SHUTTING_DOWN',
    });
    expect(text).toMatch(/\r\nretry-after: 5\r\n/i);
  }, 30_000);
});
