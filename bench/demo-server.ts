/**
 * The server the browser benches measure: a fresh in-memory database with the demo data, serving the built console
 * and player (run `npm run build` first) on loopback, with `npm start`'s logger (its log in a file). The demo
 * recordings are `songSeconds` long (the seed's default without it); with `processed` their audio jobs run before
 * it listens (what a visitor's player fetches), else they are left unqueued (the console benches never play).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { buildApp } from '../apps/server/src/app.ts';
import { seed } from '../apps/server/src/bootstrap/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { processAudio } from '../apps/server/src/modules/audio/jobs.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
import { serverLog } from './server-log.ts';

/** A job queue that only records what was enqueued, for the bench to run the jobs itself, in order. */
export function recordingQueue() {
  const enqueued: string[] = [];
  return {
    enqueued,
    queue: {
      kind: 'pglite' as const,
      enqueue: async (id: string) => void enqueued.push(id),
      start: async () => {},
      stop: async () => {},
    },
  };
}

export async function startDemoServer(
  name: string,
  defaultPort: number,
  opts: { songSeconds?: number; processed?: boolean } = {},
) {
  const dir = await mkdtemp(path.join(tmpdir(), `atk-bench-${name}-`));
  const port = Number(process.env.BENCH_PORT ?? defaultPort);
  const origin = `http://127.0.0.1:${port}`;
  // The server's own local file store (as `npm start`): the recordings are served by the app, with HTTP Range.
  const config = { ...loadConfig({}), dataDir: dir, publicUrl: origin, s3: null };
  const storage = await createStorage(config);
  const { enqueued, queue } = recordingQueue();
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(database.db, { demo: true, storage, queue, demoSeconds: opts.songSeconds });
  if (opts.processed) for (const id of enqueued) await processAudio({ db: database.db, storage }, id);
  const logger = serverLog(name);
  const app = await buildApp({ config, db: database.db, storage, queue, logger });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    port,
    /** Another server on the same data, serving another console build (an A/B under the same load). */
    async serveAlso(consoleDist: string, otherPort: number) {
      const other = await buildApp({
        config: { ...config, consoleDist, publicUrl: `http://127.0.0.1:${otherPort}` },
        db: database.db,
        storage,
        queue,
        logger,
      });
      await other.listen({ port: otherPort, host: '127.0.0.1' });
      return other;
    },
    consoleDist: config.consoleDist,
    async close() {
      await app.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Chromium from Debian (CHROMIUM_PATH to choose another), never one a tool downloads. */
export const launchChromium = (args: string[] = []) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', ...args],
  });
