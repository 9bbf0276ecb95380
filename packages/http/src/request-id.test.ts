import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.js';

const withHeader = (id: string | undefined) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it("keeps a client's short token of safe characters", () => {
    for (const id of [
      'req-1',
      '01J0Z7Q9W6XK3V5',
      'Root=1-5759e988-bd862e3fe1be46a9',
      'a/b+c=',
      'x'.repeat(200),
    ])
      expect(requestIdOf(withHeader(id))).toBe(id);
  });

  it('generates a UUID for no id, a long one, or one that could forge a log line', () => {
    for (const id of [undefined, '', 'x'.repeat(201), 'x'.repeat(8000), 'a b', 'a\nb', 'a"b', 'a,b', 'é'])
      expect(requestIdOf(withHeader(id))).toMatch(UUID);
  });
});
