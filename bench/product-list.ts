/**
 * Product list with a name filter over 100,000 products (issue 3): throughput and p99 at 20 concurrent requests.
 * Runs on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) in a fresh database.
 *   npm run bench:products
 */

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { API_BASE, hashPassword } from '@atk/contract';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seed } from '../apps/server/src/bootstrap/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { changeFeed } from '../apps/server/src/db/changes.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { roleId } from '../apps/server/src/modules/users/profile.ts';
import { hashSecret } from '../apps/server/src/platform/crypto.ts';
import { serverLog } from './server-log.ts';

const PRODUCTS = 100_000;
const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `atk_bench_${Date.now().toString(36)}`;

const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${dbName}`);
await client.end();
const url = new URL(admin);
url.pathname = `/${dbName}`;

const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
const { db } = database;
await seed(db, { demo: false });
const sqlClient = new pg.Client({ connectionString: url.toString() });
await sqlClient.connect();
const {
  rows: [brand],
} = await sqlClient.query(`insert into brands (name, is_published) values ('Bench Audio', 1) returning id`);
const password = 'Bench!2345';
await sqlClient.query(
  `insert into users (email, password_hash, role_id, master_brand_id, master_brand_status) values ($1, $2, $3, $4, 'active')`,
  ['bench@bench.example', await hashSecret(hashPassword(password)), await roleId(db, 'customer'), brand.id],
);

// 100,000 products of one brand (the worst case for a customer's list), names from a small vocabulary.
const words = ['Condenser', 'Ribbon', 'Dynamic', 'Tube', 'Vintage', 'Studio', 'Stage', 'Broadcast', 'Pencil', 'Valve'];
const started = performance.now();
await sqlClient.query(
  `insert into products (brand_id, name, model, is_published, updated_at)
   select $1::uuid, ($2::text[])[1 + (g % $3)] || ' ' || g, 'M-' || g, g % 2, now() - (g || ' seconds')::interval
   from generate_series(1, $4) g`,
  [brand.id, words, words.length, PRODUCTS],
);
await sqlClient.query('analyze products');
await sqlClient.end();
console.log(`seeded ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// Sessions and list versions are answered from memory once the server hears the database's change feed.
while (!changeFeed(db).live) await new Promise((resolve) => setTimeout(resolve, 10));
const app = await buildApp({
  config: { ...loadConfig({}), databaseUrl: url.toString() },
  db,
  logger: serverLog('product-list'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${API_BASE}`;
const login = await fetch(`${base}/users/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@bench.example', password: hashPassword(password) }),
}).then((r) => r.json());

// The bare route: Fastify and a pg pool of the same size, the same two statements (the page, then the count) for
// the same filter, JSON.stringify of the same envelope; no hooks, no auth, no validation, no response schema.
const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
const bare = Fastify({ logger: false });
const PAGE_SQL = `select p.id, p.updated_at, p.name, p.model, p.is_published, p.brand_id, p.category_id,
  p.sub_category_id, b.name as brand_name from products p inner join brands b on b.id = p.brand_id
  where p.is_deleted = false and p.brand_id = $1 and lower(p.name) like $2
  order by p.updated_at desc, p.id desc limit $3 offset $4`;
const COUNT_SQL = `select count(*)::int as total from products p
  where p.is_deleted = false and p.brand_id = $1 and lower(p.name) like $2`;
bare.get('/api/v1/atk_player/products', async (req) => {
  const q = req.query as { name?: string; page_num?: string; page_size: string };
  const size = Number(q.page_size);
  const pattern = `%${(q.name ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query(PAGE_SQL, [brand.id, pattern, size, (Number(q.page_num ?? 1) - 1) * size]);
  const {
    rows: [{ total }],
  } = await pool.query(COUNT_SQL, [brand.id, pattern]);
  const list = rows.map((r) => ({
    _id: r.id,
    updated_at: r.updated_at.toISOString(),
    general: {
      name: r.name,
      model: r.model,
      is_published: r.is_published,
      brand_id: r.brand_id,
      brand_name: r.brand_name,
      category_id: r.category_id,
      sub_category_id: r.sub_category_id,
    },
  }));
  return { code: 200, msg: 'ok', data: { list, total_num: total } };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const bareBase = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}${API_BASE}`;

// The load comes from another process: its event loop must not queue behind the server's.
async function load(phase: 'repeated' | 'distinct', target = base, seconds = SECONDS, offset = 0) {
  const client = fork(new URL('./product-list-load.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_BASE: target,
      BENCH_TOKEN: login.data.token,
      BENCH_PHASE: phase,
      BENCH_SECONDS: String(seconds),
      // Distinct filters: each run starts where no other run asked.
      BENCH_OFFSET: String(offset),
    },
  });
  const [result] = (await once(client, 'message')) as [{ latencies: number[]; lastTotal: number }];
  return { latencies: result.latencies, seconds, lastTotal: result.lastTotal };
}
function report(what: string, runs: { latencies: number[]; seconds: number }[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((t, r) => t + r.seconds, 0);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.log(
    `  ${what}: ${(latencies.length / seconds).toFixed(0)} req/s, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
  );
  return { rps: latencies.length / seconds, p99: pct(99) };
}
console.log(
  `product list, name filter, ${PRODUCTS} products, ${CONCURRENCY} concurrent, ` +
    'the same 6 filters × 5 pages asked again and again (a console paging back and forth):',
);
report('GET /products (target p99 < 20 ms)', [await load('repeated')]);

// Every request a filter never asked before (nothing remembered), beside the bare route; 3 interleaved rounds
// spread a shared machine's drifting background load over both.
const apiRuns = [];
const bareRuns = [];
for (let round = 0; round < 3; round++) {
  apiRuns.push(await load('distinct', base, SECONDS / 3, round * 2 * 15_000));
  bareRuns.push(await load('distinct', bareBase, SECONDS / 3, (round * 2 + 1) * 15_000));
}
console.log(`every request a filter never asked before (nothing remembered), ${CONCURRENCY} concurrent:`);
const api = report('GET /products              ', apiRuns);
const plain = report('bare Fastify + pg, same SQL', bareRuns);
console.log(
  `  ratio: throughput ${(api.rps / plain.rps).toFixed(2)}× (target ≥ 0.8×), ` +
    `p99 ${(api.p99 / plain.p99).toFixed(2)}× the bare route's (target ≤ 1.2×)`,
);

await bare.close();
await pool.end();
await app.close();
await database.close();
const c2 = new pg.Client({ connectionString: admin });
await c2.connect();
await c2.query(`drop database ${dbName} with (force)`);
await c2.end();
