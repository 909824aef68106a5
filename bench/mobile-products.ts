/**
 * The mobile Products tab over 100,000 products: creating an instance (every product listed), Sync
 * Products, and one page of each sort and filter, timed through the API; the plans of the page queries printed.
 * Runs on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) in a fresh database.
 *   npm run bench:mobile-products
 */

import { performance } from 'node:perf_hooks';
import { hashPassword } from '@atk/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seed } from '../apps/server/src/bootstrap/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { roleId } from '../apps/server/src/modules/users/profile.ts';
import { hashSecret } from '../apps/server/src/platform/crypto.ts';
import { serverLog } from './server-log.ts';

const PRODUCTS = 100_000;
const BRANDS = 100;
const RUNS = 20;

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
const password = 'Bench!2345';
await sqlClient.query(`insert into users (email, password_hash, role_id) values ($1, $2, $3)`, [
  'atk@bench.example',
  await hashSecret(hashPassword(password)),
  await roleId(db, 'atk'),
]);
const words = ['Condenser', 'Ribbon', 'Dynamic', 'Tube', 'Vintage', 'Studio', 'Stage', 'Broadcast', 'Pencil', 'Valve'];
await sqlClient.query(
  `insert into brands (name, is_published) select 'Brand ' || g, 1 from generate_series(1, ${BRANDS}) g`,
);
await sqlClient.query(
  `insert into products (brand_id, name, model, is_published)
   select b.id, ($1::text[])[1 + (g % $2)] || ' ' || g, 'M-' || g, 1
   from generate_series(1, $3) g
   join lateral (select id from brands order by name offset (g % ${BRANDS}) limit 1) b on true`,
  [words, words.length, PRODUCTS],
);
// The catalogue as it stands once autovacuum has passed (it vacuums after bulk inserts too): statistics and the
// visibility map, without which an index-only scan still reads the table.
await sqlClient.query('vacuum analyze');

const app = await buildApp({
  config: { ...loadConfig({}), databaseUrl: url.toString() },
  db,
  logger: serverLog('mobile-products'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${origin}/api/v1/atk_player/users/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'atk@bench.example', password: hashPassword(password) }),
}).then((r) => r.json());
const headers = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
const call = async (method: string, path: string, body?: unknown) => {
  const t = performance.now();
  const res = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
  return { ms: performance.now() - t, data: json.data };
};

const created = await call('POST', '/admin/mobile_instances', { general: { name: 'Bench' } });
console.log(`create (lists ${PRODUCTS} products): ${created.ms.toFixed(0)} ms`);
const id = created.data._id as string;
// What autovacuum's analyze does shortly after 100,000 rows arrive (the plans below assume current statistics).
if (process.env.BENCH_NO_ANALYZE !== '1') await sqlClient.query('analyze mobile_instance_products');
const first = await call('GET', `/admin/mobile_instances/products?instance_id=${id}&page_size=100`);
const picks = (first.data.products as { product_id: string }[]).slice(0, 50);
const save = await call('PUT', `/admin/mobile_instances/${id}`, {
  type: 'products',
  products: picks.map((p, i) => ({
    product_id: p.product_id,
    is_active: 1,
    is_featured: i < 3 ? 1 : 0,
    featured_order: i < 3 ? i + 1 : null,
    player_position: i < 3 ? i + 1 : null,
    placement_priority: null,
  })),
});
console.log(`save 50 rows: ${save.ms.toFixed(0)} ms`);
const sync = await call('PUT', '/admin/mobile_instances/sync_products', { instance_id: id });
console.log(`sync (nothing to do): ${sync.ms.toFixed(0)} ms`);

for (const q of [
  'sort=name',
  'sort=name&page_num=2000',
  'sort=featured_order',
  'sort=player_position',
  'sort=name&is_active=1',
  'sort=name&is_featured=1',
  'sort=name&name=ribbon 1',
  'sort=name&is_active=0&page_num=100',
]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++)
    times.push((await call('GET', `/admin/mobile_instances/products?instance_id=${id}&page_size=20&${q}`)).ms);
  times.sort((a, b) => a - b);
  console.log(`GET products ${q}: median ${times[RUNS / 2].toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`);
}

// The plan of the default page (the statement the service sends, written out).
const plan = await sqlClient.query(
  `explain analyze select m.product_id, p.name, b.name from mobile_instance_products m
   join products p on p.id = m.product_id join brands b on b.id = p.brand_id
   where m.instance_id = $1 order by lower(p.name), p.name, p.id limit 20`,
  [id],
);
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));

await app.close();
await sqlClient.end();
await database.close();
const drop = new pg.Client({ connectionString: admin });
await drop.connect();
await drop.query(`drop database if exists ${dbName} with (force)`);
await drop.end();
