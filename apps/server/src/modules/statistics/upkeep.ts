import { sql } from 'drizzle-orm';
import { type Db, resultRows } from '../../db/client.ts';
import { closeMonths } from './months.ts';
import { dropExpiredEvents, ensureEventPartitions } from './partitions.ts';
import { forgetOldSalts } from './salts.ts';

/** How long the statistics keep what names a visitor (docs/api.md "What the statistics store, and for how long"). */
export interface Retention {
  /** STATS_RAW_DAYS: the raw events, blind votes and ABX tests. */
  rawDays: number;
  /** VISITOR_IDLE_MONTHS: a visitor's rows after its last visit. */
  visitorIdleMonths: number;
}

/**
 * The statistics' daily upkeep, now and then every day: the raw events' month partitions made ahead
 * and the raw events older than `rawDays` deleted (./partitions.ts), the ended months' per-product totals closed
 * (./months.ts), the listeners idle two days forgotten (a token's issue time bounds what they send next:
 * ./ingest-caps.ts), the visitors idle `visitorIdleMonths` deleted and the strict privacy salts of earlier days
 * deleted (./salts.ts). All are idempotent and safe from several processes at once; a failure is logged and tried
 * again the next day. The timer does not keep the process alive.
 */
export function keepStatistics(db: Db, log: { error(msg: string): void }, retention: Retention): () => void {
  const run = async () => {
    await ensureEventPartitions(db).catch((err) => log.error(`event partitions: ${(err as Error).message}`));
    await dropExpiredEvents(db, retention.rawDays).catch((err) =>
      log.error(`expired events: ${(err as Error).message}`),
    );
    await closeMonths(db).catch((err) => log.error(`statistics months: ${(err as Error).message}`));
    await forgetIdleListeners(db).catch((err) => log.error(`statistics listeners: ${(err as Error).message}`));
    await forgetIdleVisitors(db, retention).catch((err) => log.error(`idle visitors: ${(err as Error).message}`));
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

/**
 * Deletes the visitors (`visitors`) and brand visitors (`brand_visitors`) not seen for `visitorIdleMonths`: a
 * returning visitor after that is a new one. A row stays at least as long as its raw events (`rawDays`), so an
 * erasure still finds them from it (./erase.ts). One scan a day: `last_seen_at` has no index, since every batch
 * updates it. Answers the rows deleted.
 */
export async function forgetIdleVisitors(db: Db, retention: Retention, now = new Date()): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await db.execute(sql`
      with cutoff as (
        select least(${now.toISOString()}::timestamptz - make_interval(months => ${retention.visitorIdleMonths}::int),
                     ${now.toISOString()}::timestamptz - make_interval(days => ${retention.rawDays}::int)) as at
      ),
      brand as (delete from brand_visitors where last_seen_at < (select at from cutoff) returning 1),
      visitor as (delete from visitors where last_seen_at < (select at from cutoff) returning 1)
      select (select count(*) from brand)::int + (select count(*) from visitor)::int as n`),
  );
  return row.n;
}
