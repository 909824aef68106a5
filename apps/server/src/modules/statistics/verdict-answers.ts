import { createHash } from 'node:crypto';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { touches } from '../player/cache.ts';
import { type Days, type Level, levelKey, type Sums } from './verdict-sums.ts';

/**
 * Remembered verdicts answers (./preferences.ts preferencesAnswer): a brand's dashboard asks for the same verdicts
 * again and again, and between two votes they are the same bytes (a brand's year is ~200 kB, whose checking and
 * writing cost more than reading the sums). An answer is kept under its level, its closed days (whose sums never
 * change) and what its live days hold now, so a vote makes a new key; a change to a product it names (its name)
 * drops it, through the change feed as the player's read is (../player/cache.ts).
 */

/** A serialized verdicts answer and the rows it names (`p:<id>`, as the change feed announces products). */
export interface Answer {
  body: Buffer;
  dependencies: Set<string>;
}

/** Answers kept per process, bounded by their size: about 32 MB (a brand's year is ~200 kB). */
const ANSWERS_BYTES = 32 * 1024 * 1024;

const answers = perDatabase(
  (db: Db) =>
    new Remembered<Answer>(
      changeFeed(db),
      (change, _key, answer) => touches(change, answer.dependencies),
      ANSWERS_BYTES,
      undefined,
      (answer) => answer.body.length,
    ),
);

/** The answer remembered under `key`, else `make`'s (kept then): its body. */
export async function rememberedAnswer(db: Db, key: string, make: () => Promise<Answer>): Promise<Buffer> {
  const answer = await answers(db).get(key, make);
  return (answer as Answer).body;
}

/**
 * The key an answer is remembered under: its level, its closed days and its live days with what they hold now
 * (`fresh`, the live days' sums).
 */
export function answerKey(level: Level, closed: Days | undefined, live: Days | undefined, fresh: Sums): string {
  return JSON.stringify([levelKey(level), closed ?? null, live ?? null, fingerprint(fresh)]);
}

/** What summed rows hold, whatever order they came in: a digest of every row's key and counts, sorted. */
function fingerprint(sums: Sums): string {
  const rows = [sums.products, sums.pairs, sums.abx].map((counts) =>
    [...counts.values()]
      .map((row) => `${row.key}=${row.counts.join(',')}`)
      .sort()
      .join(';'),
  );
  return createHash('sha256').update(rows.join('|')).digest('base64url');
}
