/**
 * The public player read (GET /widget/instances/{id}, the demo instance: 4 products, 1 song, 2 sources, ~6 KB)
 * beside a bare Fastify route sending the same bytes from memory, 50 keep-alive connections from a separate
 * process, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a fresh database). The app logs as `npm start`
 * runs it (bench/server-log.ts).
 *   npm run bench:player-read            (BENCH_SECONDS=12 per target by default, in 3 interleaved rounds)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@atk/contract';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seed } from '../apps/server/src/bootstrap/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { changeFeed } from '../apps/server/src/db/changes.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { processAudio } from '../apps/server/src/modules/audio/jobs.ts';
import { DiskStorage } from '../apps/server/test/support/audio.ts';
import { recordingQueue } from './demo-server.ts';
import { count, figures, interleaved } from './load.ts';
import { serverLog } from './server-log.ts';

const CONCURRENCY = 50;

async function freshPostgres(admin: string) {
  const name = `atk_bench_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      await c2.query(`drop database ${name} with (force)`);
      await c2.end();
    },
  };
}

const port = (server: { address(): unknown }) => {
  const a = server.address();
  return typeof a === 'object' && a ? (a as { port: number }).port : 0;
};

async function bench(kind: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'atk-bench-player-'));
  const storage = new DiskStorage(dir);
  const { enqueued, queue } = recordingQueue();
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const { db } = database;
  // The demo data: a published instance; its audio processed, so the answer is complete and cacheable.
  await seed(db, { demo: true, storage, queue });
  for (const id of enqueued) await processAudio({ db, storage }, id);
  while (!changeFeed(db).live) await new Promise((resolve) => setTimeout(resolve, 10));

  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl },
    db,
    storage,
    queue,
    logger: serverLog('player-read'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port(app.server)}${API_BASE}`;
  const landing = (await (await fetch(`${base}/widget/settings/landing_instance`)).json()) as {
    data: { content: { instance: { _id: string } } };
  };
  const url = `${base}/widget/instances/${landing.data.content.instance._id}`;
  const first = await fetch(url);
  const bytes = Buffer.from(await first.arrayBuffer());
  const etag = first.headers.get('etag') as string;
  if (first.status !== 200 || first.headers.get('cache-control') !== 'public, max-age=60')
    throw new Error(`the player read is not a complete answer: ${first.status} ${bytes.toString().slice(0, 200)}`);

  // The same bytes from memory, no hooks, no database.
  const bare = Fastify({ logger: false });
  bare.get('/bare', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${port(bare.server)}/bare`;

  const [bareRun, player, revalidated] = await interleaved(
    [{ url: bareUrl }, { url }, { url, headers: { 'if-none-match': etag } }],
    { concurrency: CONCURRENCY },
  );
  console.log(`${kind}: player read of ${bytes.length} bytes, ${CONCURRENCY} connections`);
  console.log(`  bare Fastify route, same bytes:  ${figures(bareRun)}  (${count(bareRun)})`);
  console.log(`  GET /widget/instances/{id}:      ${figures(player)}  (${count(player)})`);
  console.log(`  same with If-None-Match (304):   ${figures(revalidated)}  (${count(revalidated)})`);
  console.log(
    `  player / bare: throughput ${(player.rps / bareRun.rps).toFixed(2)}× (target ≥ 0.8×), ` +
      `p99 ${(player.p99 / bareRun.p99).toFixed(2)}× the bare route's (target ≤ 2×)`,
  );

  await bare.close();
  await app.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}

await bench('PGlite');
if (process.env.DATABASE_URL) {
  const pgDb = await freshPostgres(process.env.DATABASE_URL);
  try {
    await bench('PostgreSQL', pgDb.url);
  } finally {
    await pgDb.drop();
  }
}
