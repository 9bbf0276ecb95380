/**
 * The ids this service makes (batches, error reports, callback deliveries)
 * are UUIDs: a string that is none names nothing, and is answered not found
 * without asking the store (which may not even hold it: Postgres's `text`
 * refuses U+0000).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
