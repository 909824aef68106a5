import { sql } from 'drizzle-orm';
import { type Db, resultRows } from '../../db/client.ts';

/** Months made ahead of time: this one and the next two, so a slow start or a missed day loses nothing. */
const MONTHS_AHEAD = 2;

/** `player_events_y2026m11` for November 2026 (UTC), with its bounds. */
export function monthPartition(year: number, month0: number) {
  const from = new Date(Date.UTC(year, month0, 1));
  const to = new Date(Date.UTC(year, month0 + 1, 1));
  const name = `player_events_y${from.getUTCFullYear()}m${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from: from.toISOString(), to: to.toISOString() };
}

/**
 * Makes sure the raw events' month partitions exist for this month and the next MONTHS_AHEAD (migration 0011
 * made the table partitioned by month with a DEFAULT partition). Events that went to the DEFAULT partition
 * because their month had none yet are moved into it, in the same transaction as the ATTACH, so nothing is lost
 * and PostgreSQL's check that the default holds no row of the new range passes. An advisory lock keeps two
 * server processes starting at once from making the same month. Old months go with `dropExpiredEvents`.
 */
export async function ensureEventPartitions(db: Db, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const p = monthPartition(now.getUTCFullYear(), now.getUTCMonth() + ahead);
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('player_events partitions'))`);
      const exists = await tx.execute(sql`select to_regclass(${p.name}) is not null as found`);
      if (resultRows<{ found: boolean }>(exists)[0]?.found) return false;
      const table = sql.identifier(p.name);
      await tx.execute(sql`create table ${table} (like player_events including defaults)`);
      await tx.execute(sql`
        with moved as (
          delete from player_events_default
          where created_at >= ${p.from}::timestamptz and created_at < ${p.to}::timestamptz
          returning *)
        insert into ${table} select * from moved`);
      await tx.execute(
        sql`alter table player_events attach partition ${table} for values from (${sql.raw(`'${p.from}'`)}) to (${sql.raw(`'${p.to}'`)})`,
      );
      return true;
    });
    if (created) made.push(p.name);
  }
  return made;
}

/**
 * Deletes the raw events older than `days` (STATS_RAW_DAYS, docs/api.md "What the statistics store, and for how
 * long"): a month partition wholly before the cutoff is dropped whole, and the older rows of the month the cutoff
 * falls in (and of the DEFAULT partition) are deleted, and so are the blind votes (preference_votes) and ABX tests
 * (abx_tests) older than the cutoff. The rollups, which ingestion folded the events and votes into, keep every figure. Answers the partitions
 * dropped and the rows deleted (events and votes).
 */
export async function dropExpiredEvents(db: Db, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const months = resultRows<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = 'player_events' and c.relname ~ '^player_events_y[0-9]{4}m[0-9]{2}$'`),
  ).map((r) => r.name);
  const dropped: string[] = [];
  for (const name of months.sort()) {
    const [, year, month] = /y(\d{4})m(\d{2})$/.exec(name) ?? [];
    if (monthPartition(Number(year), Number(month) - 1).to > cutoff.toISOString()) continue;
    await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
    dropped.push(name);
  }
  const deleted = resultRows<{ n: number }>(
    await db.execute(sql`
      with events as (delete from player_events where created_at < ${cutoff.toISOString()}::timestamptz returning 1),
      votes as (delete from preference_votes where created_at < ${cutoff.toISOString()}::timestamptz returning 1),
      tests as (delete from abx_tests where created_at < ${cutoff.toISOString()}::timestamptz returning 1)
      select (select count(*) from events)::int + (select count(*) from votes)::int
             + (select count(*) from tests)::int as n`),
  )[0].n;
  return { dropped, deleted };
}
