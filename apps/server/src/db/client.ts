import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenPglite, listenPostgres } from './changes.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PostgreSQL when a URL is given, else PGlite: on disk under `dataDir`, or in memory
 * when `dataDir` is 'memory://' (tests). Migrations are applied before anything else runs.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const listening = listenPostgres(opts.databaseUrl);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, onConnect: listening.attach });
    // An idle connection can be ended by the server (restart, admin command); the pool replaces it.
    // Without a listener node-postgres throws that as an uncaught exception and the process dies.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const pgDb = drizzlePg(pool, { schema });
    const db = pgDb as unknown as Db;
    listening.serve(db);
    const close = async () => {
      await listening.stop();
      await pool.end();
    };
    try {
      await migratePg(pgDb, { migrationsFolder });
    } catch (err) {
      await close();
      throw err;
    }
    return { db, kind: 'postgres', close };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : path.join(opts.dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  const listening = listenPglite(client);
  listening.serve(db);
  return {
    db,
    kind: 'pglite',
    async close() {
      await listening.stop();
      await client.close();
    },
  };
}

/**
 * Runs a raw statement; on PostgreSQL as a named prepared statement, so each connection plans it once instead of
 * on every call (drizzle prepares query-builder queries, not `sql` text). For the hottest statements only (the
 * rate-limit hit, the listener verdicts' reads; the player events' fold is compiled, below); `name` must stand for
 * one SQL text. The answer is `execute`'s.
 */
export async function executeNamed(db: Db, name: string, statement: SQL): Promise<unknown> {
  const pool = poolOf(db);
  if (!pool) return db.execute(statement);
  const query = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement);
  return pool.query({ name, text: query.sql, values: query.params });
}

/** node-postgres answers `{rows}`, PGlite too; keep the difference here. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The PostgreSQL pool under `db`, where statements can be prepared by name; null on PGlite. */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * One `make(db)` per database, made on first use: for prepared statements, which are bound to their database
 * (and planned once per connection rather than once per request).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * A statement built once, run many times with new values: its text, and for each parameter either a constant or
 * the key of the value a run gives. For a statement so large that building it costs more than running it
 * (the player events' fold, where drizzle building its SQL was a good part of the server's CPU per batch:
 * docs/benchmarks.md "Statistics").
 */
export interface Compiled<K extends string> {
  name: string;
  text: string;
  slots: ({ value: unknown } | { key: K })[];
}

/** Compiles `build`, which receives one placeholder per key, under a statement name (as executeNamed's). */
export function compile<K extends string>(
  name: string,
  keys: readonly K[],
  build: (values: Record<K, Placeholder<K>>) => SQL,
): Compiled<K> {
  const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, Placeholder<K>>;
  const query = new PgDialect().sqlToQuery(build(placeholders));
  const slots = query.params.map((param) =>
    param instanceof Placeholder ? { key: param.name as K } : { value: param },
  );
  return { name, text: query.sql, slots };
}

/** Runs a compiled statement with this run's values: a named prepared statement on PostgreSQL, as executeNamed. */
export async function executeCompiled<K extends string>(
  db: Db,
  statement: Compiled<K>,
  values: Record<K, unknown>,
): Promise<unknown> {
  const params = statement.slots.map((slot) => ('key' in slot ? values[slot.key] : slot.value));
  const pool = poolOf(db);
  if (pool) return pool.query({ name: statement.name, text: statement.text, values: params });
  return (db as unknown as { $client: PGlite }).$client.query(statement.text, params);
}
