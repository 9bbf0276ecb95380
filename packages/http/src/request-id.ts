/**
 * The id of a request: the client's `X-Request-Id` when it is a short token
 * of safe characters, else a fresh UUID. The id is echoed in the answer and
 * written to every log line of the request, so a client's own may neither
 * flood the logs nor forge a line (no spaces, quotes or line breaks).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 1 to 200 letters, digits and `-_.:/+=`: UUIDs, ULIDs, trace ids and base64 tokens fit (Heroku's bound). */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,200}$/;

export function requestIdOf(request: IncomingMessage): string {
  const id = request.headers['x-request-id'];
  return typeof id === 'string' && CLIENT_REQUEST_ID.test(id) ? id : randomUUID();
}
