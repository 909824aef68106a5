/**
 * Statistics at ten million events, on PostgreSQL only (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) in a fresh database it creates and drops:
 *   1. a sample of batches goes through the real ingestion (POST /widget/events); folding the same raw events
 *      with the bulk loader's SQL must give the very rollup rows the ingestion wrote;
 *   2. BENCH_EVENTS (default 10,000,000) events over 365 days, 50 instances, 500 products, BENCH_EVENTS / 10
 *      visitors are bulk-loaded with set-based SQL, raw and folded (bench/statistics-data.ts);
 *   3. p50/p99 of every statistics endpoint over 13 and 365 days, as an operator (BENCH_READ_CONCURRENCY, default
 *      4, keep-alive connections; at least 200 requests each);
 *   4. ingestion throughput: batches of 50 through POST /widget/events from a forked process (8 connections,
 *      BENCH_INGEST_SECONDS, default 12), each batch from its own X-Forwarded-For (TRUST_PROXY=1).
 *   npm run bench:statistics
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { API_BASE, hashPassword, type Preferences, STATISTICS_BASE } from '@atk/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seed } from '../apps/server/src/bootstrap/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { changeFeed } from '../apps/server/src/db/changes.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { closeMonths } from '../apps/server/src/modules/statistics/months.ts';
import { ensureEventPartitions } from '../apps/server/src/modules/statistics/partitions.ts';
import { issueToken } from '../apps/server/src/modules/statistics/tokens.ts';
import { roleId } from '../apps/server/src/modules/users/profile.ts';
import { hashSecret } from '../apps/server/src/platform/crypto.ts';
import { type Measured, measure } from './load.ts';
import { serverLog } from './server-log.ts';
import {
  benchTables,
  createShape,
  DAYS,
  foldRollups,
  loadAbx,
  loadEvents,
  loadVotes,
  NO_ID,
  ROLLUPS,
  type Shape,
  VOTE_TABLES,
} from './statistics-data.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? Math.floor(EVENTS / 10));
const READ_CONCURRENCY = Number(process.env.BENCH_READ_CONCURRENCY ?? 4);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 2);
/** BENCH_READS=0 skips the reads (and closing the months they check): an ingestion-only run. */
const READS = process.env.BENCH_READS !== '0';
const INGEST_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 12);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const ABX_TESTS = Number(process.env.BENCH_ABX ?? 200_000);
const INGEST_CONCURRENCY = 8;
const P99_TARGET_MS = 50;
const EVENTS_PER_S_TARGET = 20_000;
const password = 'Bench!2345';
/** The bench server's EVENTS_SECRET: the load signs its batches' tokens with it. */
const EVENTS_SECRET = 'bench-events-secret-0123456789abcdef';
/** The token a visitor that launched `instance` 20 minutes ago holds (tokens live 30) (so its listening fits the time passed). */
const tokenOf = (instance: string, visitor: string) =>
  issueToken(Buffer.from(EVENTS_SECRET), { widget: 'desktop', instance, visitor }, Date.now() - 1_200_000);

const log = (s: string) => console.log(s);
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `atk_bench_stats_${Date.now().toString(36)}`;
const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`create database ${dbName}`);
await adminClient.end();
const dbUrl = new URL(admin);
dbUrl.pathname = `/${dbName}`;
const url = dbUrl.toString();

/**
 * VACUUM marks a page all-visible (what lets the reads be index-only scans) only when no open snapshot in the
 * database is older than its rows, and when their commit is flushed to the WAL: the load commits without waiting
 * for the flush, and so would the ANALYZE of each table in the same session, moving the last unflushed commit on
 * (a table vacuumed after another's ANALYZE kept no page all-visible). So this session waits for its flushes here,
 * and the rollups are vacuumed once nothing else in the database holds a snapshot (autovacuum's ANALYZE may, right
 * after a bulk load), and again if a page was missed.
 */
async function vacuumRollups(tables: readonly string[] = ROLLUPS) {
  await sql.query('set synchronous_commit = on');
  try {
    await vacuumUntilVisible(tables);
  } finally {
    await sql.query('set synchronous_commit = off');
  }
}

async function vacuumUntilVisible(tables: readonly string[]) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { rows } = await sql.query<{ n: number; what: string }>(
        `select count(*)::int as n, string_agg(coalesce(backend_type, '') || ': ' || left(query, 60), '; ') as what
         from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null`,
      );
      if (rows[0].n === 0 || Date.now() > deadline) break;
      log(`  waiting for older snapshots to end (${rows[0].what})`);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    await sql.query(`vacuum (analyze) ${tables.join(', ')}`);
    const { rows: visible } = await sql.query<{ t: string; pages: number; visible: number }>(
      `select relname as t, relpages as pages, relallvisible as visible from pg_class where relname = any($1)`,
      [tables],
    );
    log(`  all-visible pages: ${visible.map((v) => `${v.t} ${v.visible}/${v.pages}`).join(', ')}`);
    if (visible.every((v) => v.visible >= v.pages * 0.99)) return;
  }
}

/**
 * The per-product totals over the year (closed months from their monthly totals) against the same sums over the
 * daily rows alone: the bench fails rather than measure a wrong answer.
 */
async function verifyClosedMonths(origin: string, headers: Record<string, string>, shape: Shape) {
  const target = readTargets(shape).find((t) => t.name === 'statistics/products' && t.range === '365 days');
  if (!target) throw new Error('no 365-day products target');
  const query = new URL(`${origin}${target.path}`).searchParams;
  const answer = (await fetch(`${origin}${target.path}`, { headers }).then((r) => r.json())) as {
    data: { list: { product_id: string; plays: number; listening_time: number }[] };
  };
  const { rows } = await sql.query<{ product_id: string; plays: number; listened: number }>(
    `select product_id, sum(plays)::int as plays, sum(listen_seconds)::float8 as listened from stats_daily_products
     where brand_id = $1 and widget_type = 'desktop' and instance_id = $2 and product_id <> $2 and day between $3 and $4
     group by product_id having sum(plays) > 0 or sum(listen_seconds) > 0`,
    [query.get('brand_id'), NO_ID, query.get('start'), query.get('end')],
  );
  const expected = new Map(rows.map((r) => [r.product_id, r]));
  const wrong = answer.data.list.filter((p) => {
    const e = expected.get(p.product_id);
    return !e || e.plays !== p.plays || Math.abs(e.listened - p.listening_time) > 0.01;
  });
  if (wrong.length > 0 || answer.data.list.length !== rows.length)
    throw new Error(`closed months: ${wrong.length} of ${rows.length} products' totals differ from their days`);
  log(`the year's per-product totals with closed months match the daily rows (${rows.length} products)`);
}

/**
 * The year's verdicts of one instance (whole months from the monthly rows) against the raw votes counted here: the
 * votes, each product's votes and wins, each pair's wins. The bench fails rather than measure a wrong answer.
 */
async function verifyPreferences(origin: string, headers: Record<string, string>, shape: Shape) {
  const target = readTargets(shape).find((t) => t.name === 'statistics/preferences instance' && t.range === '365 days');
  if (!target) throw new Error('no 365-day preferences target');
  const query = new URL(`${origin}${target.path}`).searchParams;
  const answer = (await fetch(`${origin}${target.path}`, { headers }).then((r) => r.json())) as {
    data: Preferences;
  };
  const range = [query.get('instance_id'), query.get('start'), query.get('end')];
  const votes = await sql.query<{ n: number }>(
    `select count(*)::int as n from preference_votes where instance_id = $1 and day between $2 and $3`,
    range,
  );
  const products = await sql.query<{ id: string; votes: number; wins: number }>(
    `select x.id, count(*)::int as votes, count(*) filter (where x.id = v.chosen_id)::int as wins
     from preference_votes v, unnest(v.products) x(id) where instance_id = $1 and day between $2 and $3 group by 1`,
    range,
  );
  const pairs = await sql.query<{ a: string; b: string; a_wins: number; b_wins: number }>(
    `select a.id as a, b.id as b, count(*) filter (where v.chosen_id = a.id)::int as a_wins,
       count(*) filter (where v.chosen_id = b.id)::int as b_wins
     from preference_votes v, unnest(v.products) a(id), unnest(v.products) b(id)
     where instance_id = $1 and day between $2 and $3 and a.id < b.id group by 1, 2`,
    range,
  );
  const got = answer.data;
  const wrongProducts = products.rows.filter((e) => {
    const p = got.products.find((x) => x.product_id === e.id);
    return !p || p.votes !== e.votes || p.wins !== e.wins;
  });
  const wrongPairs = pairs.rows.filter((e) => {
    const p = got.pairs.find((x) => (x.a_id === e.a && x.b_id === e.b) || (x.a_id === e.b && x.b_id === e.a));
    return !p || (p.a_id === e.a ? p.a_wins !== e.a_wins || p.b_wins !== e.b_wins : p.a_wins !== e.b_wins);
  });
  const abx = await sql.query<{ a: string; b: string; tests: number; correct: number }>(
    `select a_id as a, b_id as b, count(*)::int as tests, sum(correct)::int as correct from abx_tests
     where instance_id = $1 and day between $2 and $3 group by 1, 2`,
    range,
  );
  const wrongAbx = abx.rows.filter((e) => {
    const p = got.abx.find((x) => (x.a_id === e.a && x.b_id === e.b) || (x.a_id === e.b && x.b_id === e.a));
    return !p || p.tests !== e.tests || p.correct !== e.correct;
  });
  if (got.votes !== votes.rows[0].n || wrongProducts.length || wrongPairs.length || wrongAbx.length)
    throw new Error(
      `preferences: ${got.votes} votes read, ${votes.rows[0].n} stored; ${wrongProducts.length} products, ${wrongPairs.length} pairs and ${wrongAbx.length} ABX pairs differ`,
    );
  log(
    `the year's verdicts of one instance match its raw votes and tests (${got.votes} votes, ${pairs.rows.length} pairs, ${abx.rows.length} ABX pairs)`,
  );
}

async function dropDatabase() {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
}

const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
const { db } = database;
const sql = new pg.Client({ connectionString: url });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await seed(db, { demo: false });
  await sql.connect();
  // A bulk load: no wait for the WAL flush per statement, room to sort and hash in memory.
  await sql.query(
    `set timezone = 'UTC'; set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '1GB'`,
  );
  log(`statistics bench on PostgreSQL (database ${dbName})`);
  const shape = await createShape(sql);
  await benchTables(sql);
  const from = new Date(Date.now() - (DAYS + 1) * 86_400_000);
  await partitions(from);

  await sql.query(`insert into users (email, password_hash, role_id) values ('operator@bench.example', $1, $2)`, [
    await hashSecret(hashPassword(password)),
    await roleId(db, 'global_admin'),
  ]);
  while (!changeFeed(db).live) await new Promise((resolve) => setTimeout(resolve, 10));
  app = await buildApp({
    config: { ...loadConfig({}), databaseUrl: url, trustProxy: 1, eventsSecret: EVENTS_SECRET },
    db,
    logger: serverLog('statistics'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // 1. The bulk fold against the real ingestion, on a sample (BENCH_VERIFY=0 skips it).
  if (process.env.BENCH_VERIFY !== '0') await verifyFold(origin, shape);

  // 2. The data set.
  const t0 = performance.now();
  log(`loading ${EVENTS.toLocaleString('en')} events, ${VISITORS.toLocaleString('en')} visitors:`);
  const loaded = await withoutIndexes(ROLLUPS, async () => {
    const n = await loadEvents(sql, { events: EVENTS, visitors: VISITORS }, log);
    await foldRollups(sql, log);
    return n;
  });
  const tv = performance.now();
  await sql.query('analyze player_events');
  await vacuumRollups();
  log(`  vacuum + analyze: ${seconds(tv)}`);
  // What the server's daily upkeep does: the ended months' per-product totals, summed once.
  const tm = performance.now();
  const closed = await closeMonths(db);
  await sql.query('vacuum (analyze) stats_monthly_products');
  log(`  closed months (${closed.length}): ${seconds(tm)}`);
  const counts = await sql.query(
    `select ${['player_events', ...ROLLUPS].map((t) => `(select count(*) from ${t}) as ${t}`).join(', ')}`,
  );
  log(`loaded in ${seconds(t0)}: ${JSON.stringify(counts.rows[0])}`);
  // The preference phase's data: blind votes and their rollups.
  const t1 = performance.now();
  log(`loading ${VOTES.toLocaleString('en')} blind votes and ${ABX_TESTS.toLocaleString('en')} ABX tests:`);
  await withoutIndexes(VOTE_TABLES, async () => {
    await loadVotes(sql, VOTES, log);
    await loadAbx(sql, ABX_TESTS, log);
  });
  // the verdicts are read index-only (migration 0022): their pages must be all-visible, as the events' are
  await vacuumRollups(VOTE_TABLES);
  const voteCounts = await sql.query(
    `select ${VOTE_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(', ')}`,
  );
  log(`loaded in ${seconds(t1)}: ${JSON.stringify(voteCounts.rows[0])}`);

  // 3. The reads.
  const rows: Row[] = [];
  if (READS) await reads(origin, shape, rows);

  // 4. Ingestion.
  log(
    `ingestion (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}):`,
  );
  const ingest = await ingestion(`${origin}${API_BASE}/widget/events`, shape);

  report(rows, ingest, loaded);
} finally {
  await app?.close();
  await sql.end().catch(() => {});
  await database.close();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE (drop it by hand after).
  if (process.env.BENCH_KEEP === '1') log(`kept database ${dbName}`);
  else await dropDatabase();
}

/** Every statistics endpoint as an operator, after checking the closed months' totals. */
async function reads(origin: string, shape: Shape, rows: Row[]) {
  const login = await fetch(`${origin}${API_BASE}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operator@bench.example', password: hashPassword(password) }),
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const headers = { authorization: `Bearer ${login.data.token}` };
  log(
    `reads (${READ_CONCURRENCY} connections; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}):`,
  );
  // Each read once, alone, before anything has read it: what the first visit of the day costs (a read may remember
  // what cannot change any more, e.g. the verdicts' closed days, so the measured runs below are warm).
  const targets = readTargets(shape);
  const first: number[] = [];
  for (const target of targets) {
    const t0 = performance.now();
    const res = await fetch(`${origin}${target.path}`, { headers });
    await res.arrayBuffer();
    first.push(performance.now() - t0);
  }
  await verifyClosedMonths(origin, headers, shape);
  await verifyPreferences(origin, headers, shape);
  for (const [i, target] of targets.entries()) {
    const m = await measure(`${origin}${target.path}`, {
      concurrency: READ_CONCURRENCY,
      seconds: READ_SECONDS,
      headers,
      minRequests: 200,
    });
    rows.push({ name: target.name, range: target.range, m, first: first[i] });
    log(`  ${target.range.padEnd(8)} ${target.name.padEnd(44)} ${line(m)}, first read ${first[i].toFixed(1)} ms`);
  }
}

interface Row {
  name: string;
  range: string;
  m: Measured;
  /** The first read, alone, ms. */
  first: number;
}

/** The month partitions of player_events from `from` to two months ahead, by the server's own helper. */
async function partitions(from: Date) {
  for (let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); m <= new Date(); ) {
    await ensureEventPartitions(db, m);
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
  }
  await ensureEventPartitions(db);
}

/**
 * Runs `load` with `tables` bare (their primary keys and indexes dropped, then made again once the rows
 * are in): building an index over sorted rows is several times faster than keeping it up row by row.
 */
async function withoutIndexes<T>(tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const { rows: constraints } = await sql.query<{ t: string; name: string; def: string }>(
    `select conrelid::regclass::text as t, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where conrelid::regclass::text in (${list}) and contype = 'p'`,
  );
  const { rows: indexes } = await sql.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename in (${list}) and indexname not in (select conname from pg_constraint where contype = 'p')`,
  );
  for (const i of indexes) await sql.query(`drop index ${i.name}`);
  for (const c of constraints) await sql.query(`alter table ${c.t} drop constraint ${c.name}`);
  const result = await load();
  const t0 = performance.now();
  for (const c of constraints) await sql.query(`alter table ${c.t} add constraint ${c.name} ${c.def}`);
  for (const i of indexes) await sql.query(i.def);
  log(`  primary keys and indexes: ${seconds(t0)}`);
  return result;
}

/**
 * Sends a sample of batches through the real ingestion, then folds the same raw events with the bulk loader's
 * SQL into copies of the rollup tables: both must hold the same rows. Then empties everything for the bulk load.
 */
async function verifyFold(origin: string, shape: Shape) {
  const visitors = Array.from({ length: 40 }, () => crypto.randomUUID());
  let sent = 0;
  for (let b = 0; b < 120; b++) {
    const inst = shape.instances[(b * 3) % shape.instances.length];
    const combo = inst.combos[b % inst.combos.length];
    const events = [
      ...(b % 5 === 4 ? [] : [{ type: 'launch', instance_id: inst.id }]),
      { type: 'play', instance_id: inst.id, product_id: combo[0], song_id: combo[1], source_id: combo[2] },
      {
        type: 'listen',
        instance_id: inst.id,
        product_id: combo[0],
        song_id: combo[1],
        source_id: combo[2],
        seconds: 12.5,
      },
    ];
    const res = await fetch(`${origin}${API_BASE}/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${b % 250}.1` },
      body: JSON.stringify({
        visitor_id: visitors[b % visitors.length],
        token: tokenOf(inst.id, visitors[b % visitors.length]),
        page_url: inst.pageUrl,
        events,
      }),
    });
    if (res.status !== 200) throw new Error(`sample batch: ${res.status} ${await res.text()}`);
    sent += events.length;
  }
  for (const t of ROLLUPS) await sql.query(`create table fold_${t} (like ${t} including all)`);
  await foldRollups(sql, () => {}, 'fold_');
  const differ: string[] = [];
  for (const t of ROLLUPS) {
    const { rows } = await sql.query(`select count(*)::int as n from (
        (select * from ${t} except select * from fold_${t}) union all (select * from fold_${t} except select * from ${t})
      ) d`);
    const { rows: size } = await sql.query(`select count(*)::int as n from ${t}`);
    if (rows[0].n) differ.push(`${t}: ${rows[0].n} rows differ`);
    else log(`  ${t}: ${size[0].n} rows, identical`);
  }
  for (const t of ROLLUPS) await sql.query(`drop table fold_${t}`);
  if (differ.length) log(`FOLD MISMATCH (sample of ${sent} events): ${differ.join('; ')}`);
  else log(`the bulk fold matches the ingestion on a sample of ${sent} events`);
  await sql.query(`truncate player_events, rate_limits, ${ROLLUPS.join(', ')}`);
}

/** Every statistics endpoint (admin paths), over 13 days (today − 13 … today) and 365 days. */
function readTargets(shape: Shape) {
  const today = new Date().toISOString().slice(0, 10);
  const back = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const brand = shape.brands[0];
  const instance = shape.instances[0].id;
  const product = shape.products.find((p) => p.brandId === brand)?.id as string;
  const [, song, source] = shape.instances[0].combos[0];
  const out: { name: string; range: string; path: string }[] = [
    // The floor on this machine: an operator's cheapest authenticated read (one primary-key lookup).
    { name: `(floor: GET ${API_BASE}/users/info)`, range: '-', path: `${API_BASE}/users/info` },
    {
      name: 'player/visitors page 1',
      range: '-',
      path: `${STATISTICS_BASE}/admin/player/visitors?page_num=1&page_size=20`,
    },
    {
      name: 'player/visitors page 500',
      range: '-',
      path: `${STATISTICS_BASE}/admin/player/visitors?page_num=500&page_size=20`,
    },
    {
      name: 'player/brand/visitors page 1',
      range: '-',
      path: `${STATISTICS_BASE}/admin/player/brand/visitors?page_num=1&page_size=20&brand_id=${brand}`,
    },
    {
      name: 'player/brand/visitors page 500',
      range: '-',
      path: `${STATISTICS_BASE}/admin/player/brand/visitors?page_num=500&page_size=20&brand_id=${brand}`,
    },
  ];
  for (const [range, start] of [
    ['13 days', back(13)],
    ['365 days', back(364)],
  ]) {
    const q = `start=${start}&end=${today}&brand_id=${brand}`;
    out.push(
      {
        name: 'statistics/visitors/daily',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/visitors/daily?start=${start}&end=${today}`,
      },
      {
        name: 'statistics/brand/visitors/daily',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/brand/visitors/daily?${q}`,
      },
      {
        name: 'statistics/instance/launch/daily',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/instance/launch/daily?${q}`,
      },
      {
        name: 'statistics/instance/launch/daily instance',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/instance/launch/daily?${q}&instance_id=${instance}`,
      },
      {
        name: 'statistics/product/play',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/product/play?widget_type=desktop&${q}`,
      },
      {
        name: 'statistics/product/play product',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/product/play?widget_type=desktop&${q}&product_id=${product}`,
      },
      {
        name: 'statistics/product/listening_time',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/product/listening_time?widget_type=desktop&${q}`,
      },
      {
        name: 'statistics/product/listening_time product',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/product/listening_time?widget_type=desktop&${q}&product_id=${product}`,
      },
      { name: 'statistics/products', range, path: `${STATISTICS_BASE}/admin/statistics/products?${q}` },
      { name: 'statistics/preferences', range, path: `${STATISTICS_BASE}/admin/statistics/preferences?${q}` },
      {
        name: 'statistics/preferences instance',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/preferences?${q}&instance_id=${instance}`,
      },
      {
        name: 'statistics/preferences instance song',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/preferences?${q}&instance_id=${instance}&song_id=${song}`,
      },
      {
        name: 'statistics/preferences instance source',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/preferences?${q}&instance_id=${instance}&song_id=${song}&source_id=${source}`,
      },
      {
        name: 'statistics/products instance',
        range,
        path: `${STATISTICS_BASE}/admin/statistics/products?${q}&instance_id=${instance}`,
      },
    );
  }
  return out;
}

async function ingestion(url: string, shape: Shape) {
  const child = fork(new URL('./events-load.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
  child.send({
    url,
    concurrency: INGEST_CONCURRENCY,
    seconds: INGEST_SECONDS,
    instances: shape.instances,
    visitors: VISITORS,
    secret: EVENTS_SECRET,
  });
  // CPU spent during the measured run, per batch: this process (the server), the load generator, and the
  // PostgreSQL backends of the bench's database; on a shared machine this says more than the throughput.
  await once(child, 'message');
  const server0 = process.cpuUsage();
  const backends0 = await backendsCpuMs();
  const [result] = (await once(child, 'message')) as [
    { latencies: number[]; statuses: Record<number, number>; elapsed: number; accepted: number; cpuMs: number },
  ];
  const serverUsed = process.cpuUsage(server0);
  const backends1 = await backendsCpuMs();
  const postgresMs = [...backends1].reduce((sum, [pid, ms]) => sum + ms - (backends0.get(pid) ?? 0), 0);
  const sorted = result.latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const out = {
    eventsPerS: result.accepted / result.elapsed,
    batchesPerS: sorted.length / result.elapsed,
    p50: pct(50),
    p99: pct(99),
    statuses: result.statuses,
  };
  log(
    `ingestion: ${out.eventsPerS.toFixed(0)} events/s (${out.batchesPerS.toFixed(0)} batches of 50/s, ` +
      `${INGEST_CONCURRENCY} connections, ${result.elapsed.toFixed(1)} s), batch p50 ${out.p50.toFixed(1)} ms, ` +
      `p99 ${out.p99.toFixed(1)} ms (${statusList(result.statuses)})`,
  );
  const perBatch = (ms: number) => (ms / Math.max(1, sorted.length)).toFixed(2);
  log(
    `  CPU per batch: server ${perBatch((serverUsed.user + serverUsed.system) / 1000)} ms, PostgreSQL backends ` +
      `${perBatch(postgresMs)} ms, load generator ${perBatch(result.cpuMs)} ms`,
  );
  return out;
}

/** CPU time (ms) of each PostgreSQL backend serving the bench's database, from /proc (Linux, same machine). */
async function backendsCpuMs(): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 10 ms.
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Another machine's PostgreSQL, or the backend ended: not counted.
    }
  }
  return out;
}

function statusList(statuses: Record<number, number>) {
  return Object.entries(statuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
}
function line(m: Measured) {
  const ms = (v: number) => v.toFixed(1).padStart(6);
  return `${String(m.latencies.length).padStart(6)} req, p50 ${ms(m.p50)} ms, p99 ${ms(m.p99)} ms (${statusList(m.statuses)})`;
}

function report(rows: Row[], ingest: { eventsPerS: number }, loaded: number) {
  log('');
  log(
    `Statistics bench: ${loaded.toLocaleString('en')} events (BENCH_EVENTS), ${VISITORS.toLocaleString('en')} visitors, ` +
      `${DAYS} days, 50 instances, 500 products, ${VOTES.toLocaleString('en')} blind votes (BENCH_VOTES), ${ABX_TESTS.toLocaleString('en')} ABX tests (BENCH_ABX); reads at ${READ_CONCURRENCY} connections`,
  );
  log(`| endpoint (GET ${STATISTICS_BASE}/admin/…) | range | first read ms | requests | p50 ms | p99 ms | target | |`);
  log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r.name.startsWith('(')) {
      log(
        `| ${r.name} | - | ${r.first.toFixed(1)} | ${r.m.latencies.length} | ${r.m.p50.toFixed(1)} | ${r.m.p99.toFixed(1)} | reference | |`,
      );
      continue;
    }
    const ok = r.m.p99 < P99_TARGET_MS && Object.keys(r.m.statuses).every((s) => s === '200');
    log(
      `| ${r.name} | ${r.range} | ${r.first.toFixed(1)} | ${r.m.latencies.length} | ${r.m.p50.toFixed(1)} | ${r.m.p99.toFixed(1)} | ` +
        `p99 < ${P99_TARGET_MS} | ${ok ? 'PASS' : 'MISS'} |`,
    );
  }
  log(
    `| POST ${API_BASE}/widget/events (batches of 50) | - | | ${ingest.eventsPerS.toFixed(0)} events/s | | | ` +
      `≥ ${EVENTS_PER_S_TARGET.toLocaleString('en')} events/s | ${ingest.eventsPerS >= EVENTS_PER_S_TARGET ? 'PASS' : 'MISS'} |`,
  );
}
