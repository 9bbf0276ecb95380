/** A route's rate limit: `max` requests per second per API key. */
export const perSecond = (max: number) => ({ max, timeWindow: 1000 });
