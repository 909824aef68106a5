/**
 * A worker process for the queue tests: the production queue and job over a disk storage, with every run of
 * the handler logged (`{pid} {audioId} start|{outcome}` lines in JOB_LOG) and reads slowed by STORAGE_DELAY_MS
 * so a test can kill it mid-job. DATABASE_URL → PostgreSQL, else PGlite in DATA_DIR. Job settings from JOB_*.
 * Temporary folders under WORK_ROOT; at start it removes those of stopped processes, as `startAudioJobs` does.
 */
import { appendFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/client.ts';
import { createAudioQueue, giveUpAudio, processAudio, removeStaleWorkDirs } from '../../src/modules/audio/jobs.ts';
import { DiskStorage } from './audio.ts';

const env = process.env;
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: env.DATA_DIR ?? 'memory://',
});
const storage = new DiskStorage(env.FILES_DIR as string);
const delay = Number(env.STORAGE_DELAY_MS ?? 0);
if (delay > 0) storage.beforeGet = () => new Promise((r) => setTimeout(r, delay));
const log = (line: string) => appendFileSync(env.JOB_LOG as string, `${process.pid} ${line}\n`);
const quiet = { info() {}, warn() {}, error: (m: string) => console.error(m) };

const workRoot = env.WORK_ROOT as string;
for (const name of await removeStaleWorkDirs(workRoot)) log(`removed ${name}`);

const queue = createAudioQueue({ db: database.db, kind: database.kind, log: quiet });
await queue.start(
  async (id, ctx) => {
    log(`${id} start`);
    log(`${id} ${await processAudio({ db: database.db, storage, workRoot }, id, ctx)}`);
  },
  (id, reason) => giveUpAudio(database.db, id, reason),
);
log('worker ready');

process.once('SIGTERM', async () => {
  await queue.stop();
  await database.close();
  process.exit(0);
});
