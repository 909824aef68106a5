import { createHmac, randomBytes } from 'node:crypto';
import { utcToday } from '@atk/contract';
import { eq, lt } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { statsDailySalts } from '../../db/schema.ts';

/** Today's salt, remembered per process and database: one read a day instead of one per strict batch. */
const remembered = perDatabase((_db) => ({ day: '', salt: Buffer.alloc(0) }));

/**
 * The salt of a UTC day (stats_daily_salts): created by the first process that needs it (insert on conflict do
 * nothing, then read, so two processes agree), and the earlier days' salts deleted then.
 */
export async function daySalt(db: Db, now = new Date()): Promise<Buffer> {
  const day = utcToday(now);
  const cached = remembered(db);
  if (cached.day === day) return cached.salt;
  const created = await db
    .insert(statsDailySalts)
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflictDoNothing()
    .returning({ day: statsDailySalts.day });
  if (created.length) await forgetOldSalts(db, now);
  const [row] = await db.select().from(statsDailySalts).where(eq(statsDailySalts.day, day));
  const salt = Buffer.from(row.salt, 'hex');
  Object.assign(cached, { day, salt });
  return salt;
}

/** Deletes the salts of the days before today: a strict visitor id of an earlier day cannot be made again. */
export async function forgetOldSalts(db: Db, now = new Date()): Promise<void> {
  await db.delete(statsDailySalts).where(lt(statsDailySalts.day, utcToday(now)));
}

/**
 * A strict batch's visitor (docs/api.md "What the statistics store, and for how long"): UUID-shaped from
 * HMAC-SHA256(the day's salt, address, user agent, the batch's first instance), the same visitor only for the day.
 */
export async function strictVisitorId(
  db: Db,
  address: string,
  userAgent: string,
  instanceId: string,
  now = new Date(),
): Promise<string> {
  const digest = createHmac('sha256', await daySalt(db, now))
    .update(`${address}\n${userAgent}\n${instanceId.toLowerCase()}`)
    .digest();
  digest[6] = (digest[6] & 0x0f) | 0x40;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
