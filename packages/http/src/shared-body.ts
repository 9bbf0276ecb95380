/**
 * A request body read into shared memory as its chunks arrive, one small
 * copy each, for a route that hands long bodies to another thread: the
 * thread receives it without a copy, and the main thread never copies the
 * whole body at once (Fastify's own reader joins the chunks at the end, which
 * for a 20 MB body held the thread for 50 ms and more). The limit and the
 * errors are those of Fastify's reader.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonBodyParser } from './json-body.js';

/** Bodies up to this size are parsed here, in a few milliseconds; longer ones are handed on as bytes. */
export const PARSED_BODY_MAX = 1024 * 1024;

/** Room for a body sent without `Content-Length`, doubled as it fills. */
const FIRST_SIZE = 1024 * 1024;

export function readSharedBody(request: FastifyRequest, payload: Readable): Promise<Uint8Array> {
  const limit = request.routeOptions.bodyLimit;
  const declared = Number(request.headers['content-length']);
  const known = !Number.isNaN(declared);
  if (known && declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  let bytes = new Uint8Array(new SharedArrayBuffer(known ? declared : FIRST_SIZE));
  let received = 0;
  return new Promise((resolve, reject) => {
    const stop = (error: Error | null) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      if (error) reject(error);
      else resolve(bytes.subarray(0, received));
    };
    function onData(chunk: Buffer | string) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + data.length > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (received + data.length > bytes.length) {
        // Longer than declared: answered below as a wrong Content-Length; without one, room is made.
        if (known) {
          received += data.length;
          return;
        }
        const larger = new Uint8Array(new SharedArrayBuffer(Math.min(limit, bytes.length * 2 + data.length)));
        larger.set(bytes.subarray(0, received));
        bytes = larger;
      }
      bytes.set(data, received);
      received += data.length;
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      if (error) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        return stop(error);
      }
      if (known && received !== declared) return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      stop(null);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}

/**
 * The JSON body reader of a context whose routes hand long bodies to another thread: a body up to
 * `PARSED_BODY_MAX` is parsed as everywhere else; a longer one reaches the route as its bytes
 * (a `Uint8Array` over shared memory), for the service to read by the same rules off the main thread.
 */
export function registerLongBodyParser(context: FastifyInstance): void {
  const parseJson = jsonBodyParser(context);
  context.removeContentTypeParser('application/json');
  context.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: IncomingMessage) => {
      const bytes = await readSharedBody(request, payload);
      if (bytes.length > PARSED_BODY_MAX) return bytes;
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
      return new Promise((resolve, reject) =>
        parseJson(request, text, (error, body) => (error ? reject(error) : resolve(body))),
      );
    },
  );
}
