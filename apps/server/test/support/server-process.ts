/**
 * A second server process for the tests that need two (statistics ingestion): the real app over DATABASE_URL's
 * PostgreSQL, on a free port of 127.0.0.1, printing `listening <url>` once it serves. Ends on SIGTERM.
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';

const databaseUrl = process.env.DATABASE_URL as string;
const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const app = await buildApp({
  config: {
    ...loadConfig({ TRUST_PROXY: process.env.TRUST_PROXY, EVENTS_SECRET: process.env.EVENTS_SECRET }),
    databaseUrl,
  },
  db: database.db,
  logger: false,
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
