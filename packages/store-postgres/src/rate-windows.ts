/**
 * Rate limits held across API processes: one row per key and its current
 * window, counted by one atomic upsert per request (a window that ended
 * starts again at this request).
 */
import type { RateWindow, Store } from '@txenrich/service';
import type { StoreContext } from './operations.js';

export function createRateWindows({ op, query }: StoreContext): Required<Pick<Store, 'countRequest'>> {
  return {
    countRequest: op('countRequest', async (key: string, windowMs: number, now: number) => {
      const { rows } = await query<{ count: number; started_at: string }>(
        `INSERT INTO rate_windows AS w (key, started_at, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN w.started_at + $3 <= $2 THEN 1 ELSE w.count + 1 END,
           started_at = CASE WHEN w.started_at + $3 <= $2 THEN $2 ELSE w.started_at END
         RETURNING count, started_at`,
        [key, now, windowMs],
      );
      const row = rows[0]!;
      return { count: row.count, endsAt: Number(row.started_at) + windowMs } satisfies RateWindow;
    }),
  };
}
