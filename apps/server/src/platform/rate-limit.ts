import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Sign-in and recovery limits, per client address and per email (the email limit stops spraying one account). */
export const LIMITS = {
  loginFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { max: 10, windowSeconds: 15 * 60 },
  recoveryPerAddress: { max: 10, windowSeconds: 60 * 60 },
  recoveryPerEmail: { max: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** The player's event batches (POST /widget/events): a player sends a few a minute. */
  playerEventsPerAddress: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counters in the database, so every server process shares them.
 * `count` adds a hit; `check` only reads.
 */
export async function countHit(db: Db, key: string, limit: Limit): Promise<number> {
  const rows = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count`);
  return Number(resultRows<{ count: number }>(rows)[0]?.count ?? 0);
}

export async function assertUnderLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const rows = await db.execute(sql`
    select count from rate_limits
    where key = ${key} and window_start >= now() - make_interval(secs => ${limit.windowSeconds})`);
  if (Number(resultRows<{ count: number }>(rows)[0]?.count ?? 0) >= limit.max) throw tooManyRequests();
}

/** Counts the hit and refuses it once the window is full. */
export async function takeHit(db: Db, key: string, limit: Limit, msg?: string): Promise<void> {
  if ((await countHit(db, key, limit)) > limit.max) throw tooManyRequests(msg);
}

/** node-postgres answers `{rows}`, PGlite too; keep the difference here. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
