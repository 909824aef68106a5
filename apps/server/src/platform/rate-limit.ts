import { sql } from 'drizzle-orm';
import { type Db, executeNamed, resultRows } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Sign-in, recovery and sign-up limits (docs/api.md "Sign-in and recovery limits"). Sign-in failures count per
 * (email, address) pair, which alone refuses the pair; per email, which refuses the account's sign-in only from
 * addresses it never signed in from; and per address, high enough for many people behind one NAT, which also
 * lets an account's own known addresses through.
 */
export const LIMITS = {
  loginFailuresPerPair: { max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { max: 30, windowSeconds: 60 * 60 },
  loginFailuresPerAddress: { max: 100, windowSeconds: 15 * 60 },
  recoveryPerAddress: { max: 10, windowSeconds: 60 * 60 },
  recoveryPerEmail: { max: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  /** Wrong current passwords when changing it: a session left open must not become a password oracle. */
  passwordChangeFailuresPerUser: { max: 10, windowSeconds: 15 * 60 },
  /** The player's event batches (POST /widget/events): a player sends a few a minute. */
  playerEventsPerAddress: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/** Expired windows are deleted at most this often per process, by the write that finds the time has come. */
export const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Fixed-window counters in the database, so every server process shares them.
 * `countHit` adds a hit; `hitCount` only reads.
 */
export async function countHit(db: Db, key: string, limit: Limit): Promise<number> {
  await sweepExpired(db);
  const rows = await executeNamed(db, 'rate_limit_hit', hitStatement(key, limit.windowSeconds));
  return Number(resultRows<{ count: number }>(rows)[0]?.count ?? 0);
}

/**
 * The statement that adds a hit and returns the window's `count`: countHit's, and a CTE of a statement that counts
 * its own hit (the player events' fold, modules/statistics/ingest.ts).
 */
export const hitStatement = (key: unknown, windowSeconds: unknown) => sql`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${key}, now(), 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= now()
                   then now() + make_interval(secs => ${windowSeconds}) else rate_limits.expires_at end
    returning count`;

/** The hits of the key's current window (0 when none or expired). */
export async function hitCount(db: Db, key: string): Promise<number> {
  const rows = await db.execute(sql`select count from rate_limits where key = ${key} and expires_at > now()`);
  return Number(resultRows<{ count: number }>(rows)[0]?.count ?? 0);
}

export async function isOverLimit(db: Db, key: string, limit: Limit): Promise<boolean> {
  return (await hitCount(db, key)) >= limit.max;
}

export async function assertUnderLimit(db: Db, key: string, limit: Limit): Promise<void> {
  if (await isOverLimit(db, key, limit)) throw tooManyRequests();
}

/** Counts the hit and refuses it once the window is full. */
export async function takeHit(db: Db, key: string, limit: Limit, msg?: string): Promise<void> {
  if ((await countHit(db, key, limit)) > limit.max) throw tooManyRequests(msg);
}

/** Takes back one hit of each key's current window (a sign-in that turned out right). */
export async function uncountHits(db: Db, keys: string[]): Promise<void> {
  for (const key of keys)
    await db.execute(sql`
      update rate_limits set count = greatest(count - 1, 0) where key = ${key} and expires_at > now()`);
}

/** Ends a key's window early (a completed password reset clears its email's sign-in back-off). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes expired windows (an index range on expires_at), at most once a SWEEP_EVERY_MS per process. */
export async function sweepExpired(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await db.execute(sql`delete from rate_limits where expires_at <= now()`);
}
