import { sql } from 'drizzle-orm';
import { type Db, resultRows } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';

/**
 * Closed months (docs/architecture.md "Statistics figures"): once a UTC month has ended, its per-product totals are
 * summed from stats_daily_products into stats_monthly_products, and the month is listed in stats_closed_months.
 * Its days cannot change afterwards (ingestion stamps events with the server's clock), so a year's per-product totals
 * read about 12 rows a product plus the days of the months not closed, instead of 365 rows a product. Here too: the
 * UTC days' arithmetic the statistics reads share (dayBefore, dayAfter, eachDay).
 */

/**
 * A month (a day, for the listener verdicts) is closed this long after it ended: a batch stamped just before
 * midnight may still be committing, and the server's and the database's clocks may differ a little.
 */
export const CLOSE_AFTER_MS = 60 * 60_000;

/** `YYYY-MM` of a UTC day `YYYY-MM-DD`. */
const monthOf = (day: string) => day.slice(0, 7);
/** The first and the last day of month `YYYY-MM`. */
function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number);
  return { first: `${month}-01`, last: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
export const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every UTC day from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * Sums every ended month not closed yet into stats_monthly_products and its buy clicks into stats_monthly_clicks, in
 * one transaction (an advisory lock keeps two processes from closing at once; a closed month is never summed again):
 * a closed month is read from both monthly tables, so both are closed together. Returns the months closed.
 */
export async function closeMonths(db: Db, now = new Date()): Promise<string[]> {
  const current = monthOf(new Date(now.getTime() - CLOSE_AFTER_MS).toISOString().slice(0, 10));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stats_monthly_products'))`);
    const open = resultRows<{ month: string }>(
      await tx.execute(sql`
        select distinct left(day, 7) as month from stats_daily_products where day < ${`${current}-01`}
        union select distinct left(day, 7) from stats_daily_clicks where day < ${`${current}-01`}
        except select month from stats_closed_months
        order by month`),
    ).map((r) => r.month);
    if (open.length === 0) return [];
    const months = sql`array[${sql.join(
      open.map((m) => sql`${m}`),
      sql`, `,
    )}]::text[]`;
    await tx.execute(sql`
      insert into stats_monthly_products (brand_id, month, widget_type, instance_id, product_id, plays, listen_seconds)
      select brand_id, left(day, 7), widget_type, instance_id, product_id, sum(plays), sum(listen_seconds)
      from stats_daily_products
      where day < ${`${current}-01`} and left(day, 7) = any(${months})
        and product_id <> ${sql.raw(`'${NO_ID}'::uuid`)}
      group by brand_id, left(day, 7), widget_type, instance_id, product_id
      on conflict do nothing`);
    await tx.execute(sql`
      insert into stats_monthly_clicks
        (brand_id, month, widget_type, instance_id, product_id, retailer_id, currency, clicks)
      select brand_id, left(day, 7), widget_type, instance_id, product_id, retailer_id, currency, sum(clicks)
      from stats_daily_clicks
      where day < ${`${current}-01`} and left(day, 7) = any(${months}) and clicks > 0
      group by brand_id, left(day, 7), widget_type, instance_id, product_id, retailer_id, currency
      on conflict do nothing`);
    await tx.execute(sql`insert into stats_closed_months (month) select unnest(${months}) on conflict do nothing`);
    return open;
  });
}

/** The months of a range that are closed (one small read: a few hundred rows at most, ever). */
export async function closedMonthsIn(db: Db, start: string, end: string): Promise<Set<string>> {
  const rows = resultRows<{ month: string }>(
    await db.execute(
      sql`select month from stats_closed_months where month between ${monthOf(start)} and ${monthOf(end)}`,
    ),
  );
  return new Set(rows.map((r) => r.month));
}

/**
 * How a range `start`..`end` (inclusive UTC days) is read: the closed months lying wholly inside it from the monthly
 * totals, every other day from the daily rows, as the fewest runs of consecutive days (each an index range).
 */
export function rangeParts(
  start: string,
  end: string,
  closed: { has(month: string): boolean },
): { months: string[]; days: { from: string; to: string }[] } {
  const months: string[] = [];
  const days: { from: string; to: string }[] = [];
  let runFrom: string | null = null;
  let day = start;
  while (day <= end) {
    const month = monthOf(day);
    const { first, last } = monthBounds(month);
    if (day === first && last <= end && closed.has(month)) {
      if (runFrom !== null) days.push({ from: runFrom, to: dayBefore(day) });
      runFrom = null;
      months.push(month);
      day = dayAfter(last);
      continue;
    }
    runFrom ??= day;
    // Within a month that cannot be read whole, step to its end (or the range's) at once.
    const stop = last < end ? last : end;
    day = dayAfter(stop);
  }
  if (runFrom !== null) days.push({ from: runFrom, to: end });
  return { months, days };
}
