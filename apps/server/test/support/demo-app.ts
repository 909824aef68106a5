/**
 * A real app over a database that the demo data went into (as `npm start` does on a fresh database): the demo
 * brands, accounts, products with synthesised audio (processed on demand: `process()`), the demo instance and the
 * demo mobile instance. PostgreSQL when DATABASE_URL is set, else PGlite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, hashPassword } from '@atk/contract';
import { buildApp } from '../../src/app.ts';
import { DEMO_PASSWORD } from '../../src/bootstrap/demo/accounts.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { DiskStorage, freshPostgres, recordingQueue } from './audio.ts';
import { TEST_EVENTS_SECRET } from './harness.ts';

export interface DemoApp {
  database: Database;
  /** The server's origin and the API base on it. */
  origin: string;
  base: string;
  enqueued: string[];
  /** Processes the demo recordings (as the audio worker would). */
  process(): Promise<void>;
  /** Signs a demo account in (password DEMO_PASSWORD): its token. */
  token(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startDemoApp(): Promise<DemoApp> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop } = await freshPostgres());
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const dir = await mkdtemp(path.join(tmpdir(), 'atk-demo-app-'));
  const storage = new DiskStorage(dir);
  const { queue, enqueued } = recordingQueue();
  await seed(database.db, { demo: true, storage, queue });
  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl, eventsSecret: TEST_EVENTS_SECRET },
    db: database.db,
    storage,
    queue,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const base = `${origin}${API_BASE}`;
  return {
    database,
    origin,
    base,
    enqueued,
    async process() {
      for (const id of enqueued) await processAudio({ db: database.db, storage }, id);
    },
    async token(email) {
      const res = await fetch(`${base}/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: hashPassword(DEMO_PASSWORD) }),
      });
      const body = (await res.json()) as { data: { token: string } };
      return body.data.token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
