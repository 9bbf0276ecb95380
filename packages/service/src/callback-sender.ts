/**
 * The HTTP client of callbacks, on `node:http` and `node:https`: it connects
 * only where the callback policy allows, checking at connect time. For a
 * host name, the connection's `lookup` resolves the name, checks every
 * address and hands the socket only checked ones, so the address connected
 * to is one that was checked (the Host header and TLS server name stay the
 * URL's). Redirects are never followed: a 3xx is an answer like any other
 * non-2xx, so the POST and its token never go on to a host nobody checked.
 */
import http from 'node:http';
import https from 'node:https';
import { type CallbackPolicy, CallbackRefusedError } from './callback-policy.js';

export interface CallbackSender {
  /**
   * POSTs `body` and answers the response's status (the body is discarded). Rejects on a network error,
   * on the timeout, or with a `CallbackRefusedError` when the policy refuses the destination.
   */
  post(
    url: string,
    body: string,
    headers: Readonly<Record<string, string>>,
    timeoutMs: number,
  ): Promise<number>;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface CallbackSenderOptions {
  /** Connections open at once, in all and per host: the dispatcher's bounds on deliveries under way. */
  maxConcurrent: number;
  maxConcurrentPerHost: number;
}

export function createCallbackSender(policy: CallbackPolicy, options: CallbackSenderOptions): CallbackSender {
  const sockets = {
    keepAlive: true,
    maxSockets: options.maxConcurrentPerHost,
    maxTotalSockets: options.maxConcurrent,
  };
  const agents = { 'http:': new http.Agent(sockets), 'https:': new https.Agent(sockets) };

  return {
    post(url, body, headers, timeoutMs) {
      const refused = policy.checkWithoutDns(url);
      if (refused !== null) return Promise.reject(new CallbackRefusedError(refused));
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const lookup = policy.connectLookup(url);
      return new Promise<number>((resolve, reject) => {
        const request = (secure ? https : http).request(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            agent: agents[secure ? 'https:' : 'http:'],
            signal: AbortSignal.timeout(timeoutMs),
            ...(lookup ? { lookup } : {}),
          },
          (response) => {
            // Drained, so the connection can be reused; a body that never ends is cut by the timeout.
            response.resume();
            response.on('error', () => {});
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },

    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
