/**
 * What a server remembers (sessions, product-list versions) follows every change, whoever makes it: the
 * database announces it on the change feed. On PostgreSQL "another process" is a separate connection.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '@atk/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Change, type ChangeFeed, changeFeed, LISTENER_NAME, Remembered } from '../../src/db/changes.ts';
import { expectError } from '../support/assertions.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let elsewhere: pg.Client | null = null;
beforeAll(async () => {
  app = await startTestApp();
  if (app.databaseUrl) {
    elsewhere = new pg.Client({ connectionString: app.databaseUrl });
    await elsewhere.connect();
  }
});
afterAll(async () => {
  await elsewhere?.end();
  await app.close();
});

/** A write from outside this server: another connection on PostgreSQL, the one connection on PGlite. */
async function writeElsewhere(statement: string, params: unknown[]) {
  if (elsewhere) await elsewhere.query(statement, params);
  else await app.db.execute(sql.raw(statement.replace(/\$(\d+)/g, (_, n) => `'${params[Number(n) - 1]}'`)));
}

/** Another process's change reaches this one within a moment; on PGlite before the write returns. */
const soon = { timeout: 2000, interval: 5 };

const info = (token: string) => app.call('GET', '/users/info', { token });
type List = { list: { general: { name: string } }[] };
const names = async (token: string, name: string) =>
  (await app.call<List>('GET', `/products?name=${name}`, { token })).body.data.list.map((p) => p.general.name);

describe('the change feed', () => {
  it('is live once the server listens', async () => {
    await expect.poll(() => changeFeed(app.db).live, soon).toBe(true);
  });

  it('a session revoked or a user deleted anywhere is refused at once', async () => {
    const brand = await makeBrand(app.db);
    const revoked = await makeUser(app, 'customer', { brandId: brand.id });
    expect((await info(revoked.token)).status).toBe(200);
    expect((await info(revoked.token)).status).toBe(200);
    await writeElsewhere('update sessions set revoked_at = now() where user_id = $1', [revoked.id]);
    await expect.poll(async () => (await info(revoked.token)).status, soon).toBe(401);
    expectError(await info(revoked.token), 401, MSG.tokenInvalid);

    const deleted = await makeUser(app, 'customer', { brandId: brand.id });
    expect((await info(deleted.token)).status).toBe(200);
    await writeElsewhere('update users set is_deleted = true where id = $1', [deleted.id]);
    await expect.poll(async () => (await info(deleted.token)).status, soon).toBe(401);
  });

  it("a product list follows another process's writes", async () => {
    const brand = await makeBrand(app.db);
    const user = await makeUser(app, 'customer', { brandId: brand.id });
    const tag = randomUUID().slice(0, 8);
    await writeElsewhere(`insert into products (brand_id, name) values ($1, $2)`, [brand.id, `Feed ${tag}`]);
    expect(await names(user.token, tag)).toEqual([`Feed ${tag}`]);
    expect(await names(user.token, tag)).toEqual([`Feed ${tag}`]);
    await writeElsewhere(`update products set name = $1 where brand_id = $2`, [`Moved ${tag}`, brand.id]);
    await expect.poll(() => names(user.token, tag), soon).toEqual([`Moved ${tag}`]);
  });

  it('when the listener is lost, nothing remembered is trusted until it listens again', async ({ skip }) => {
    if (!elsewhere) return skip('PGlite has no connection to lose');
    const brand = await makeBrand(app.db);
    const user = await makeUser(app, 'customer', { brandId: brand.id });
    const tag = randomUUID().slice(0, 8);
    await writeElsewhere(`insert into products (brand_id, name) values ($1, $2)`, [brand.id, `Lost ${tag}`]);
    expect(await names(user.token, tag)).toEqual([`Lost ${tag}`]);
    await elsewhere.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_NAME],
    );
    await expect.poll(() => changeFeed(app.db).live, soon).toBe(false);
    await writeElsewhere(`update products set name = $1 where brand_id = $2`, [`Found ${tag}`, brand.id]);
    expect(await names(user.token, tag)).toEqual([`Found ${tag}`]);
    await expect.poll(() => changeFeed(app.db).live, { timeout: 5000, interval: 20 }).toBe(true);
    await writeElsewhere(`update products set name = $1 where brand_id = $2`, [`Again ${tag}`, brand.id]);
    await expect.poll(() => names(user.token, tag), soon).toEqual([`Again ${tag}`]);
  });
});

describe('Remembered', () => {
  function fakeFeed() {
    const listeners: ((change: Change) => void)[] = [];
    const feed = {
      live: true,
      mark: 0,
      subscribe: (listener: (change: Change) => void) => listeners.push(listener),
      tell(change: Change) {
        feed.mark++;
        for (const listener of listeners) listener(change);
      },
    };
    return feed satisfies ChangeFeed;
  }

  it('serves from memory until a change it depends on is heard', async () => {
    const feed = fakeFeed();
    const memory = new Remembered<string>(feed, (change, key) => 'list' in change && change.list === key);
    let reads = 0;
    const read = async () => `read ${++reads}`;
    expect(await memory.get('a', read)).toBe('read 1');
    expect(await memory.get('a', read)).toBe('read 1');
    feed.tell({ list: 'b' });
    expect(await memory.get('a', read)).toBe('read 1');
    feed.tell({ list: 'a' });
    expect(await memory.get('a', read)).toBe('read 2');
    feed.tell('all');
    expect(await memory.get('a', read)).toBe('read 3');
  });

  it('keeps nothing read while a change was heard, or while the feed is down, and no nulls', async () => {
    const feed = fakeFeed();
    const memory = new Remembered<string>(feed, () => true);
    let reads = 0;
    const racing = async () => {
      feed.tell({ user: 'x' });
      return `read ${++reads}`;
    };
    expect(await memory.get('a', racing)).toBe('read 1');
    expect(await memory.get('a', async () => `read ${++reads}`)).toBe('read 2');
    expect(await memory.get('a', async () => 'unused')).toBe('read 2');
    feed.live = false;
    expect(await memory.get('a', async () => `read ${++reads}`)).toBe('read 3');
    expect(await memory.get('a', async () => `read ${++reads}`)).toBe('read 4');
    feed.live = true;
    expect(await memory.get('n', async () => null)).toBeNull();
    expect(await memory.get('n', async () => 'now found')).toBe('now found');
  });

  it('forgets the least recently used beyond its capacity', async () => {
    const memory = new Remembered<string>(fakeFeed(), () => true, 2);
    await memory.get('a', async () => 'a1');
    await memory.get('b', async () => 'b1');
    await memory.get('a', async () => 'a2');
    await memory.get('c', async () => 'c1');
    expect(await memory.get('a', async () => 'a3')).toBe('a1');
    expect(await memory.get('b', async () => 'b2')).toBe('b2');
  });
});
