/** A logger of the service's shape that keeps its lines, for tests to read. */
import type { Logger } from '@txenrich/service';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  object: Record<string, unknown>;
  message: string | undefined;
}

export function capturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const keep = (level: LogLine['level']) => (object: Record<string, unknown>, message?: string) => {
    lines.push({ level, object, message });
  };
  return { logger: { info: keep('info'), warn: keep('warn'), error: keep('error') }, lines };
}
