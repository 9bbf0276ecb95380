/**
 * Response compression, off unless the configuration turns it on
 * (`compression.enabled`): gzip, deflate or brotli, as the client's
 * `Accept-Encoding` prefers, for bodies of at least `thresholdBytes`.
 * Request bodies are read as sent (no decompression): a compressed upload
 * would need its own bound on what it inflates to.
 */
import compress from '@fastify/compress';
import type { Config } from '@txenrich/service';
import type { FastifyInstance } from 'fastify';

/** Registers before the routes: the plugin equips each route as it is added. */
export async function registerCompression(
  app: FastifyInstance,
  config: Config['compression'],
): Promise<void> {
  if (!config.enabled) return;
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: config.thresholdBytes,
  });
}
