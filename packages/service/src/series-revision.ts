/**
 * The revision a series state is stored at. Each write of a state draws a
 * new one at random, so that two writers never stamp different texts alike:
 * not two processes sharing a store, nor a write that failed and the next
 * (each process counting its own writes would). A reader that holds a state
 * parsed at a revision asks the store for its text only when the row is at
 * another one (`Store.loadSeries`).
 */
import { randomInt } from 'node:crypto';

/**
 * A revision for a state about to be written: 48 random bits, never 0 (what the rows stored before
 * revisions were given). Two writes draw the same once in 2^48.
 */
export const nextSeriesRevision = (): number => randomInt(1, 2 ** 48);
