/**
 * The JSON body parser: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys), then the nesting bound of `@txenrich/schema`,
 * so that no body nested deeper than any request needs reaches a route (a
 * recursive walk of one, such as storing it, would overflow the stack).
 */
import { maxBodyDepth, nestingErrors } from '@txenrich/schema';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { invalidInput } from './errors.js';

/** The parser of JSON text, for a context that reads some bodies itself (see routes/triggers.ts). */
export function jsonBodyParser(app: FastifyInstance): FastifyBodyParser<string> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, text, done) =>
    parseJson(request, text, (error, body) => {
      if (error) return done(error, undefined);
      const tooDeep = nestingErrors(body, maxBodyDepth, text);
      return tooDeep ? done(invalidInput(tooDeep), undefined) : done(null, body);
    });
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
}
