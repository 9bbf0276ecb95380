/**
 * Callback destinations end to end (SSRF): a batch whose `callbackUrl` is
 * internal is refused with a 400 on the field; a name that resolves to an
 * internal address is refused too, at submission and again at delivery (a
 * DNS answer that changes in between reaches nothing); redirects are not
 * followed, so the webhook token never goes on to another host. Receivers
 * are real HTTP servers on 127.0.0.1, which only an allowlist opens.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeShared, startReceiver, startServer, type TestServer, waitFor } from './support/server.ts';

const card = { transactionId: 'cb', merchantName: 'NETFLIX.COM', categoryCode: '4899', amount: '15.49' };

afterAll(closeShared);

async function submit(server: TestServer, callbackUrl: string) {
  const response = await server.request('/batches/transactions/cards/enrich', {
    json: { transactions: [card], callbackUrl },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('callback destinations', () => {
  it('refuses internal addresses and other schemes at submission, with a 400 on callbackUrl', async () => {
    const server = await startServer({ callbacks: { allowlist: [] } });
    try {
      for (const url of [
        'http://169.254.169.254/latest/meta-data/',
        'http://127.0.0.1:8080/hooks',
        'http://2130706433/hooks',
        'http://[::1]/hooks',
        'http://10.1.2.3/hooks',
        'http://192.168.0.10/hooks',
        'http://0.0.0.0/hooks',
        'ftp://hooks.example.com/',
        'http://user:secret@hooks.example.com/',
      ]) {
        const { status, body } = await submit(server, url);
        expect(status, url).toBe(400);
        expect(Object.keys(body), url).toEqual(['callbackUrl']);
        expect((body.callbackUrl as string[])[0], url).toMatch(/./);
      }
    } finally {
      await server.close();
    }
  });

  it('refuses a name that resolves to an internal address', async () => {
    const server = await startServer(
      { callbacks: { allowlist: [] } },
      { resolveHost: async () => [{ address: '10.0.0.7', family: 4 }] },
    );
    try {
      const { status, body } = await submit(server, 'https://hooks.internal.example/cb');
      expect(status).toBe(400);
      expect(body).toHaveProperty('callbackUrl');
    } finally {
      await server.close();
    }
  });

  it('checks again at delivery: a name that now resolves to loopback reaches nothing', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    // Public at submission, loopback (where the receiver listens) when the callback is sent.
    let answers = 0;
    const server = await startServer(
      { callbacks: { allowlist: [] } },
      {
        callbackBackoffMs: 50,
        resolveHost: async () => [{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }],
      },
    );
    try {
      const { status, body } = await submit(server, `http://rebind.example:${port}/hooks`);
      expect(status).toBe(200);
      await waitFor(
        async () => (await server.request(`/batches/${body.batchId as string}`)).json(),
        (batch) => (batch as { status: string }).status === 'completed',
      );
      await waitFor(
        async () => answers,
        (count) => count >= 2,
        10_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(0);
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it('does not follow a redirect: the token never reaches the other host', async () => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver([307, 307], { redirectTo: elsewhere.url });
    const server = await startServer({}, { callbackBackoffMs: 50 });
    try {
      const { status } = await submit(server, redirecting.url);
      expect(status).toBe(200);
      await waitFor(
        async () => redirecting.received.length,
        (count) => count >= 3,
        20_000,
      );
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await server.close();
      await redirecting.close();
      await elsewhere.close();
    }
  });
});
