import { createHash } from 'node:crypto';

/**
 * The fixed namespace of every txenrich catalog id. Never change it: ids are
 * UUIDv5(key, namespace) and must survive rebuilds.
 */
export const CATALOG_NAMESPACE = '7f82c043-b1cb-47d6-a266-144d85910868';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(uuid: string): Buffer {
  if (!UUID.test(uuid)) throw new TypeError(`not a UUID: ${uuid}`);
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

/** RFC 9562 UUID version 5 (SHA-1, name-based) of `name` in `namespace`. */
export function uuidv5(name: string, namespace: string = CATALOG_NAMESPACE): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
