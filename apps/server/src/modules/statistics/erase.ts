import { sql } from 'drizzle-orm';
import { type Db, resultRows } from '../../db/client.ts';

/**
 * Raw events are stamped by the same statement that first writes the visitor's row (./ingest.ts), so none is older
 * than that row; the margin only spares a doubt about clocks, and costs nothing (months are what is skipped).
 */
const FIRST_SEEN_MARGIN = '1 hour';

/**
 * Erases everything the server keeps under one visitor id (docs/api.md "What the statistics store, and for how
 * long"): the player's "Forget me" (POST /widget/forget) and an operator's erasure (DELETE …/admin/player/visitors/:id)
 * both call it. Gone, in one transaction: the visitor (`visitors`) and its brand visitors (`brand_visitors`), its raw
 * events (`player_events`), its day marks as a unique visitor (`stats_daily_visitors`), its listening bounds
 * (`stats_listeners`) and day's clicks (`stats_click_caps`), its blind votes (`preference_votes`) and ABX tests
 * (`abx_tests`). The daily totals it was counted in stay: they name no one.
 *
 * The raw events have no index (every event would pay for one): they are searched from the visitor's first visit
 * on, which its rows tell, so a visitor of last week costs a scan of this month's partition, not of every month. An
 * id with no visitor row has no raw events to find: events count only after a launch, which writes the row, and the
 * daily upkeep keeps the row at least as long as its raw events (./upkeep.ts). Answers the rows deleted: 0 when the
 * server held nothing of the id.
 */
export async function eraseVisitor(db: Db, visitorId: string): Promise<number> {
  const id = visitorId.toLowerCase();
  return db.transaction(async (tx) => {
    const [seen] = resultRows<{ since: string | null }>(
      await tx.execute(sql`
        select (least((select created_at from visitors where id = ${id}::uuid),
                      (select min(created_at) from brand_visitors where visitor_id = ${id}::uuid))
                - ${FIRST_SEEN_MARGIN}::interval)::text as since`),
    );
    // the bound a value of its own, known when the statement is planned: the older partitions are left out of it
    const events = seen?.since
      ? resultRows<{ n: number }>(
          await tx.execute(sql`
            with gone as (
              delete from player_events
              where visitor_id = ${id}::uuid and created_at >= ${seen.since}::timestamptz
              returning 1)
            select count(*)::int as n from gone`),
        )[0].n
      : 0;
    const [rest] = resultRows<{ n: number }>(
      await tx.execute(sql`
        with listeners as (delete from stats_listeners where visitor_id = ${id}::uuid returning 1),
        clicks as (delete from stats_click_caps where visitor_id = ${id}::uuid returning 1),
        visitor as (delete from visitors where id = ${id}::uuid returning 1),
        brand as (delete from brand_visitors where visitor_id = ${id}::uuid returning 1),
        days as (delete from stats_daily_visitors where visitor_id = ${id}::uuid returning 1),
        votes as (delete from preference_votes where visitor_id = ${id}::uuid returning 1),
        tests as (delete from abx_tests where visitor_id = ${id}::uuid returning 1)
        select (select count(*) from listeners) + (select count(*) from clicks) + (select count(*) from visitor)
             + (select count(*) from brand) + (select count(*) from days) + (select count(*) from votes)
             + (select count(*) from tests) as n`),
    );
    return events + Number(rest.n);
  });
}
