/**
 * The JSON body parser: Fastify's own (which refuses `__proto__` and
 * `constructor.prototype` keys), then the nesting bound of `@txenrich/schema`,
 * so that no body nested deeper than any request needs reaches a route (a
 * recursive walk of one, such as storing it, would overflow the stack).
 */
import { maxBodyDepth, nestingErrors } from '@txenrich/schema';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from './errors.js';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) =>
    parseJson(request, text as string, (error, body) => {
      if (error) return done(error, undefined);
      const tooDeep = nestingErrors(body, maxBodyDepth, text as string);
      return tooDeep ? done(invalidInput(tooDeep), undefined) : done(null, body);
    }),
  );
}
