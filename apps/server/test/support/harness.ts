/**
 * Real HTTP against the real app over a real database: PostgreSQL when DATABASE_URL is set
 * (a fresh database per test file), else an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  hashPassword,
  type Role,
  urlOf,
} from '@atk/contract';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { loadConfig } from '../../src/config.ts';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { brands, categories, users } from '../../src/db/schema.ts';
import { roleId } from '../../src/modules/users/profile.ts';
import { hashSecret } from '../../src/platform/crypto.ts';
import type { Mail, Mailer } from '../../src/platform/mail.ts';

export interface TestApp {
  url: string;
  db: Db;
  mails: Mail[];
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL database behind the app (none on PGlite): for writes "from another process". */
  databaseUrl?: string;
  call: <T = unknown>(method: string, path: string, opts?: CallOptions) => Promise<Reply<T>>;
  /** Calls a contract endpoint (its method and path from the contract; input and answer typed by it). */
  send: <E extends Endpoint>(e: E, input: EndpointInput<E> & { token?: string }) => Promise<Reply<EndpointData<E>>>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Reply<T> {
  status: number;
  body: { code: number; msg: string; data: T };
}

export const PASSWORD = 'Test!2345';
/** Signs the player's event tokens in tests (test/support/visitors.ts backdates tokens with it). */
export const TEST_EVENTS_SECRET = 'test-events-secret-0123456789abcdef';

export async function startTestApp(
  overrides: Partial<ReturnType<typeof loadConfig>> = {},
  { logger = false }: Pick<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  const { databaseUrl, dropDatabase } = await freshDatabase();
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await seed(database.db, { demo: false });
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  // Files and secrets go to a directory of the app's own, never the repository's data/ that `npm start` serves.
  const ownDir = overrides.dataDir ? null : await mkdtemp(path.join(tmpdir(), 'atk-test-'));
  const config = {
    ...loadConfig({}),
    ...(ownDir ? { dataDir: ownDir } : {}),
    databaseUrl,
    publicUrl: 'http://portal.test',
    eventsSecret: TEST_EVENTS_SECRET,
    ...overrides,
  };
  const app = await buildApp({
    config,
    db: database.db,
    mailer: overrides.smtpUrl ? undefined : mailer,
    logger,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    db: database.db,
    mails,
    kind: database.kind,
    databaseUrl,
    call: (method, path, opts) => call(url, method, path, opts),
    send: (e, input) => {
      const { token, body } = input as { token?: string; body?: unknown };
      return call(url, e.method, urlOf(e, input as { params?: object; query?: object }), { token, body });
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      if (ownDir) await rm(ownDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(url: string, method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${url}${path.startsWith('/api/') ? '' : API_BASE}${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

async function freshDatabase(): Promise<{ databaseUrl?: string; dropDatabase: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { databaseUrl: undefined, dropDatabase: async () => {} };
  const name = `atk_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(admin);
  target.pathname = `/${name}`;
  return {
    databaseUrl: target.toString(),
    async dropDatabase() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // The app's pool has ended, but its backends may still be closing: let them go before forcing.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Factories: records made straight in the database, as a fixture. */
export async function makeBrand(db: Db, name = `Brand ${randomBytes(3).toString('hex')}`) {
  const [brand] = await db.insert(brands).values({ name, isPublished: 1 }).returning();
  return brand;
}

/** A published category: a product needs one (docs/api.md "Products"); the admin endpoint writes the same row. */
export async function makeCategory(db: Db, name = `Category ${randomBytes(3).toString('hex')}`) {
  const [category] = await db.insert(categories).values({ name, isPublished: 1 }).returning();
  return category;
}

export async function makeUser(
  app: TestApp,
  role: Role,
  opts: { brandId?: string; email?: string } = {},
): Promise<{ id: string; email: string; token: string }> {
  const email = opts.email ?? `${role}-${randomBytes(4).toString('hex')}@test.example`;
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashSecret(hashPassword(PASSWORD)),
      roleId: await roleId(app.db, role),
      masterBrandId: opts.brandId,
      masterBrandStatus: opts.brandId ? 'active' : null,
      registerType: role === 'customer' ? 'operator_created' : null,
    })
    .returning();
  const login = await app.call<{ token: string }>('POST', '/users/login', {
    body: { email, password: hashPassword(PASSWORD) },
  });
  return { id: user.id, email, token: login.body.data.token };
}

/** Waits until `count` mails have gone to the address (some are sent after the answer), and answers them. */
export async function mailsTo(app: TestApp, to: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = app.mails.filter((m) => m.to === to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The link inside the last mail sent to an address. */
export function lastLink(app: TestApp, to: string): string {
  const mail = app.mails.filter((m) => m.to === to).at(-1);
  if (!mail?.link) throw new Error(`no mail with a link to ${to}`);
  return mail.link;
}
