import { buildApp } from './app.ts';
import { seed } from './bootstrap/seed.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAudioQueue, type Log, startAudioJobs } from './modules/audio/jobs.ts';
import { keepStatistics } from './modules/statistics/upkeep.ts';
import { preloadGeo, useGeoDatabase } from './platform/geo.ts';
import { createStorage } from './platform/storage/index.ts';

const config = loadConfig();
useGeoDatabase(config.geoipDb);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = await createStorage(config);
// The queue logs through the app's logger (used only once the app exists).
const log: Log = { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) };
const queue = createAudioQueue({ db: database.db, kind: database.kind, log });
const app = await buildApp({ config, db: database.db, storage, queue });
await seed(database.db, { demo: !config.production, log: app.log, storage, queue });
const stopStatistics = keepStatistics(database.db, app.log, {
  rawDays: config.statsRawDays,
  visitorIdleMonths: config.visitorIdleMonths,
});
// Media jobs run in this process unless RUN_JOBS=0 (then `npm run worker` processes run them; PostgreSQL only).
if (process.env.RUN_JOBS !== '0') await startAudioJobs({ db: database.db, storage, queue, log: app.log });
else if (database.kind === 'pglite')
  app.log.warn('RUN_JOBS=0 on PGlite: audio processing waits for a server that runs jobs');

const stop = async () => {
  stopStatistics();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
// The city database for the statistics' visitor places: unpacked now rather than on the first launch.
preloadGeo();
app.log.info(
  `ATK Player on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
