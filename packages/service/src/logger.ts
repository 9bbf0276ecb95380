/** The logging the service does: a subset of pino's interface, so Fastify's logger fits. */
export interface Logger {
  info(object: Record<string, unknown>, message?: string): void;
  warn(object: Record<string, unknown>, message?: string): void;
  error(object: Record<string, unknown>, message?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
