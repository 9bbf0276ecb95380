import { parse, v5 } from 'uuid';

/**
 * The fixed namespace of every txenrich catalog id. Never change it: ids are
 * UUIDv5(key, namespace) and must survive rebuilds.
 */
export const CATALOG_NAMESPACE = '7f82c043-b1cb-47d6-a266-144d85910868';

/** The namespace parsed once: parsing it on every call was a fifth of an id's cost. */
const catalogNamespaceBytes = parse(CATALOG_NAMESPACE);

/** RFC 9562 UUID version 5 (SHA-1, name-based) of `name` in `namespace`; a malformed namespace throws a `TypeError`. */
export function uuidv5(name: string, namespace: string = CATALOG_NAMESPACE): string {
  return v5(name, namespace === CATALOG_NAMESPACE ? catalogNamespaceBytes : namespace);
}
