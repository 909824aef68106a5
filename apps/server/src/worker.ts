/**
 * `npm run worker`: a process that only runs media jobs (audio processing) from the shared PostgreSQL queue.
 * Run as many as the load needs, next to servers started with RUN_JOBS=0 (or not). Stops gracefully on
 * SIGINT/SIGTERM: the running job finishes (or, after 30 s, is handed back for a retry).
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAudioQueue, type Log, startAudioJobs } from './modules/audio/jobs.ts';
import { mediaTools } from './platform/media/binaries.ts';
import { createStorage } from './platform/storage/index.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL): with the embedded PGlite the server runs the jobs itself.',
  );
  process.exit(1);
}
const line = (level: string) => (msg: string) =>
  console.log(JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, msg }));
const log: Log = { info: line('info'), warn: line('warn'), error: line('error') };

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = await createStorage(config);
const queue = createAudioQueue({ db: database.db, kind: database.kind, log });
await startAudioJobs({ db: database.db, storage, queue, log });
const tools = mediaTools();
log.info(
  `worker ready: audio.process jobs (ffmpeg ${tools.source === 'system' ? 'from PATH' : 'from npm'}: ${tools.ffmpeg})`,
);

const stop = async () => {
  log.info('worker stopping');
  await queue.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
