import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ABX_TEST_SECONDS, type AbxResult, type WidgetType } from '@atk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeNamed, resultRows } from '../../db/client.ts';
import { NO_ID } from '../../db/schema.ts';
import { binomialTail } from './verdicts.ts';

/**
 * ABX tests (docs/api.md "Listener verdicts"): can a listener tell two products apart? The server picks X (A or B)
 * for each trial and never tells the page: a test is `{payload}.{mac}`, the payload (base64url JSON) naming the
 * widget, instance, visitor, song, source, A, B, the number of trials, the issue time and a random nonce, signed
 * with HMAC-SHA256 under the events secret; X of trial i is bit 0 of byte i of HMAC(secret, "abx-x:" + nonce),
 * computed again wherever it is needed (the trial's audio, the score), so nothing about X is stored or sent
 * before the answers. Stateless until the answers arrive; the nonce makes each test's answers count once.
 *
 * Answered tests are stored and rolled up per pair (foldAbx), counts only, and read back beside the votes
 * (./preferences.ts) with their statistics computed at read (abxResult).
 */

export interface AbxTest {
  widget: WidgetType;
  instance: string;
  visitor: string;
  song: string;
  source: string;
  a: string;
  b: string;
  trials: number;
  /** Epoch seconds. */
  issued: number;
  nonce: string;
}

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`abx:${payload}`).digest().subarray(0, 16);

export function issueAbxTest(secret: Buffer, t: Omit<AbxTest, 'issued' | 'nonce'>, nowMs = Date.now()): string {
  const test: AbxTest = {
    ...t,
    instance: t.instance.toLowerCase(),
    visitor: t.visitor.toLowerCase(),
    issued: Math.floor(nowMs / 1000),
    nonce: randomBytes(12).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(test)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The test when its signature holds and it has not expired (ABX_TEST_SECONDS), else null. */
export function readAbxTest(secret: Buffer, token: string | undefined, nowMs = Date.now()): AbxTest | null {
  const m = token ? /^([\w-]{10,900})\.([\w-]{22})$/.exec(token) : null;
  if (!m) return null;
  const given = Buffer.from(m[2], 'base64url');
  if (given.length !== 16 || !timingSafeEqual(given, mac(secret, m[1]))) return null;
  let test: AbxTest;
  try {
    test = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as AbxTest;
  } catch {
    return null;
  }
  const age = nowMs / 1000 - test.issued;
  return age >= -60 && age <= ABX_TEST_SECONDS ? test : null;
}

/** X of each trial: 'A' or 'B', from the secret and the test's nonce alone. */
export function abxSequence(secret: Buffer, test: Pick<AbxTest, 'nonce' | 'trials'>): ('A' | 'B')[] {
  const bits = createHmac('sha256', secret).update(`abx-x:${test.nonce}`).digest();
  return Array.from({ length: test.trials }, (_, i) => (bits[i] & 1 ? 'B' : 'A'));
}

/** One test's answers, scored by the server's own sequence (modules/player/events.ts checks them first). */
export interface CheckedAbx {
  test_id: string;
  /** The test as the page sent it (not stored): the answer names it beside its score. */
  token: string;
  instance_id: string;
  brand_id: string;
  song_id: string;
  source_id: string;
  /** The pair in id order (a_id < b_id), whatever was shown as A. */
  a_id: string;
  b_id: string;
  answers: string;
  trials: number;
  correct: number;
  /** The one-sided binomial p-value of this score; below 0.05 the listener alone heard a difference. */
  p_value: number;
  significant: boolean;
  trial_seconds: number[];
}

export function scoreAbx(
  secret: Buffer,
  token: string,
  test: AbxTest,
  brandId: string,
  answers: ('A' | 'B')[],
  trialSeconds: number[] | undefined,
): CheckedAbx {
  const x = abxSequence(secret, test);
  const correct = answers.filter((answer, i) => answer === x[i]).length;
  const p_value = binomialTail(correct, test.trials);
  const [a, b] = [test.a.toLowerCase(), test.b.toLowerCase()].sort();
  return {
    test_id: test.nonce,
    token,
    instance_id: test.instance,
    brand_id: brandId,
    song_id: test.song,
    source_id: test.source,
    a_id: a,
    b_id: b,
    answers: answers.join(''),
    trials: test.trials,
    correct,
    p_value,
    significant: p_value < 0.05,
    trial_seconds: trialSeconds ?? answers.map(() => 0),
  };
}

/**
 * Stores scored tests (each once: its nonce is the key) and rolls them up per pair at the votes' levels, per day
 * and per month, in one statement; answers the ids of the tests stored now.
 */
export async function foldAbx(db: Db, visitorId: string, widgetType: WidgetType, tests: CheckedAbx[]) {
  const rows = resultRows<{ test_id: string }>(
    await executeNamed(db, 'fold_player_abx', foldAbxStatement(visitorId, widgetType, tests)),
  );
  return rows.map((r) => r.test_id);
}

function foldAbxStatement(visitorId: string, widgetType: WidgetType, tests: CheckedAbx[]): SQL {
  const key = sql.raw('brand_id, instance_id, widget_type, song_id, source_id');
  const counts = (period: SQL) => sql`
      select ${key}, ${period}, a_id, b_id, count(*)::int as tests, sum(trials)::int as trials,
             sum(correct)::int as correct, count(*) filter (where significant)::int as significant
      from levels group by ${key}, ${period}, a_id, b_id order by ${key}, ${period}, a_id, b_id`;
  const add = sql.raw(`tests = r.tests + excluded.tests, trials = r.trials + excluded.trials,
        correct = r.correct + excluded.correct, significant = r.significant + excluded.significant`);
  return sql`
    with t as (select now() as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day),
    sent as (
      select * from jsonb_to_recordset(${JSON.stringify(tests.map(({ token: _, p_value: __, ...t }) => t))}::jsonb) as x(
        test_id text, instance_id uuid, brand_id uuid, song_id uuid, source_id uuid, a_id uuid, b_id uuid,
        answers text, trials int, correct int, significant boolean, trial_seconds float8[])
    ),
    stored as (
      insert into abx_tests as x (test_id, instance_id, song_id, source_id, visitor_id, day, brand_id, widget_type,
        a_id, b_id, answers, correct, trial_seconds, created_at)
      select test_id, instance_id, song_id, source_id, ${visitorId}::uuid, t.day, brand_id, ${widgetType}, a_id,
             b_id, answers, correct, trial_seconds, t.at
      from sent, t
      order by test_id
      on conflict (test_id) do nothing
      returning x.test_id
    ),
    -- each test at every level a read names, as the votes are (./votes.ts foldVotes)
    levels as (
      select s.brand_id, i.inst as instance_id, ${widgetType}::text as widget_type, g.song as song_id,
             g.src as source_id, t.day, s.a_id, s.b_id, s.trials, s.correct, s.significant
      from sent s join stored using (test_id), t,
           lateral (values (s.instance_id), (${NO_ID}::uuid)) i(inst),
           lateral (values (s.song_id, s.source_id), (s.song_id, ${NO_ID}::uuid), (${NO_ID}::uuid, ${NO_ID}::uuid))
             g(song, src)
    ),
    daily as (
      insert into stats_abx_pairs as r (${key}, day, a_id, b_id, tests, trials, correct, significant)
      ${counts(sql.raw('day'))}
      on conflict on constraint stats_abx_pairs_pk do update set ${add}
    ),
    monthly as (
      insert into stats_monthly_abx_pairs as r (${key}, month, a_id, b_id, tests, trials, correct, significant)
      ${counts(sql.raw('left(day, 7)'))}
      on conflict on constraint stats_monthly_abx_pairs_pk do update set ${add}
    )
    select test_id from stored`;
}

// ── Read ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The ABX rollups a read sums (./verdict-sums.ts), daily and monthly, and the counts each keeps, in the order a
 * summed row holds them.
 */
export const ABX_ROLLUP = {
  daily: 'stats_abx_pairs',
  monthly: 'stats_monthly_abx_pairs',
  counts: ['tests', 'trials', 'correct', 'significant'],
} as const;

/**
 * A pair's summed ABX counts (ABX_ROLLUP's) as the verdicts answer them: the p-value of every trial pooled (can
 * listeners, together, tell the pair apart?) and the share of tests whose listener alone heard a difference.
 */
export function abxResult(
  a: { id: string; name: string },
  b: { id: string; name: string },
  [tests, trials, correct, significant]: number[],
): AbxResult {
  return {
    a_id: a.id,
    a_name: a.name,
    b_id: b.id,
    b_name: b.name,
    tests,
    trials,
    correct,
    p_value: trials > 0 ? binomialTail(correct, trials) : null,
    significant_share: tests > 0 ? significant / tests : null,
  };
}
