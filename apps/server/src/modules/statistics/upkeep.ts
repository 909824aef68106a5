import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { closeMonths } from './months.ts';
import { dropExpiredEvents, ensureEventPartitions } from './partitions.ts';
import { forgetOldSalts } from './salts.ts';

/**
 * The statistics' daily upkeep, now and then every day: the raw events' month partitions made ahead
 * and the raw events older than `rawDays` deleted (./partitions.ts), the ended months' per-product totals closed
 * (./months.ts), the listeners idle two days forgotten (a token's issue time bounds what they send next:
 * ./ingest-caps.ts) and the strict privacy salts of earlier days deleted (./salts.ts). All are idempotent and safe from
 * several processes at once; a failure is logged and tried again the next day. The timer does not keep the process
 * alive.
 */
export function keepStatistics(db: Db, log: { error(msg: string): void }, rawDays: number): () => void {
  const run = async () => {
    await ensureEventPartitions(db).catch((err) => log.error(`event partitions: ${(err as Error).message}`));
    await dropExpiredEvents(db, rawDays).catch((err) => log.error(`expired events: ${(err as Error).message}`));
    await closeMonths(db).catch((err) => log.error(`statistics months: ${(err as Error).message}`));
    await forgetIdleListeners(db).catch((err) => log.error(`statistics listeners: ${(err as Error).message}`));
    await forgetOldSalts(db).catch((err) => log.error(`statistics salts: ${(err as Error).message}`));
  };
  void run();
  const timer = setInterval(run, 86_400_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Deletes the listening bounds (`stats_listeners`) and the day's click counts (`stats_click_caps`) idle two days: a
 * token lives 30 minutes, so a listener that old sends nothing more under it, and a new launch starts its bound again
 * from the token's issue (./ingest-caps.ts); a click count of an earlier day starts again anyway.
 */
export async function forgetIdleListeners(db: Db, now = new Date()): Promise<void> {
  const cutoff = sql`${now.toISOString()}::timestamptz - interval '2 days'`;
  const day = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  await db.execute(sql`
    with listeners as (delete from stats_listeners where last_at < ${cutoff})
    delete from stats_click_caps where day < ${day}`);
}
