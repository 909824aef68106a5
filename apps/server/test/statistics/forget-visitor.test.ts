/**
 * A visitor forgotten (docs/api.md "What the statistics store, and for how long"): the player's "Forget me"
 * (POST /widget/forget, public) and an operator's erasure (DELETE …/admin/player/visitors/:id) delete every row the
 * server keeps under the visitor id, in one transaction; the daily totals, which name no one, stay. The visitor is
 * made through the endpoints (a launch, listening, a play, a buy click, a blind vote, an ABX test); what no endpoint
 * reads (raw events, listening bounds, day marks, votes, tests) is counted in the database.
 */
import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  DEFAULT_FEATURES,
  DEFAULT_SUBSCRIPTION,
  type Instance,
  MSG,
  type Product,
  playerEndpoints,
  statisticsEndpoints,
  utcToday,
} from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../src/db/client.ts';
import { LIMITS } from '../../src/platform/rate-limit.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';
import { backdated, launched, sendAs, type Visitor } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
let song: string;
let source: string;
let mics: Product[];
let shop: Instance;

beforeAll(async () => {
  // Behind one trusted proxy, so each visitor has its own address (X-Forwarded-For).
  ({ app, t } = await startWithTenants({ trustProxy: 1 }));
  const as = { token: t.a.token };
  song = (await app.call<{ _id: string }>('POST', '/songs', { ...as, body: { name: 'Forget song' } })).body.data._id;
  source = (await app.call<{ _id: string }>('POST', '/instruments', { ...as, body: { song_id: song, name: 'Vocal' } }))
    .body.data._id;
  mics = [];
  for (const name of ['Forget A', 'Forget B']) {
    const p = await publishedProduct(app, t, t.a.token, name);
    expectOk(
      await app.call('PUT', `/products/${p._id}`, { ...as, body: { type: 'songs', content: [song] } }),
      MSG.updateSuccess,
    );
    mics.push(p);
  }
  shop = await instanceShowing(app, t, t.a.token, 'Forgetful', mics);
  // Blind votes and ABX tests: the brand's subscription includes them, and the instance asks for them.
  const on = { is_enable: 1 as const };
  expectOk(
    await app.call('PUT', `/admin/users/${t.a.id}`, {
      token: t.users.global_admin.token,
      body: { subscription: { ...DEFAULT_SUBSCRIPTION, listener_votes: on, abx_test: on } },
    }),
    MSG.updateSuccess,
  );
  expectOk(
    await app.call('PUT', `/instances/${shop._id}`, {
      ...as,
      body: { features: { ...DEFAULT_FEATURES, listener_votes: on, abx_test: { is_enable: 1, trials: 4 } } },
    }),
    MSG.updateSuccess,
  );
}, 60_000);
afterAll(() => app.close());

const today = utcToday();
const TABLES = [
  'visitors',
  'brand_visitors',
  'player_events',
  'stats_daily_visitors',
  'stats_listeners',
  'stats_click_caps',
  'preference_votes',
  'abx_tests',
] as const;

/** The rows each table holds of the visitor id. */
async function rowsOf(id: string) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const column = table === 'visitors' ? 'id' : 'visitor_id';
    counts[table] = resultRows<{ n: number }>(
      await app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}::uuid`,
      ),
    )[0].n;
  }
  return counts;
}
const none = Object.fromEntries(TABLES.map((table) => [table, 0]));

let address = 0;
/** A visitor that did everything a player can send: it leaves a row in every table that keeps visitor ids. */
async function busyVisitor(): Promise<Visitor> {
  const v = await launched(app.url, shop._id, { address: `198.51.100.${++address}` });
  const item = (p: Product) => ({ instance_id: shop._id, product_id: p._id, song_id: song, source_id: source });
  const sent = await sendAs(
    v,
    [
      { type: 'play', ...item(mics[0]) },
      { type: 'listen', ...item(mics[0]), seconds: 6 },
      { type: 'listen', ...item(mics[1]), seconds: 6 },
      {
        type: 'vote',
        ...item(mics[0]),
        products: mics.map((p) => p._id),
        heard: [6, 6],
        level_matched: true,
      },
      { type: 'buy_click', instance_id: shop._id, product_id: mics[1]._id },
    ],
    backdated(v, 30),
  );
  expect(sent.accepted).toBe(5);
  const started = await fetch(`${app.url}${API_BASE}/widget/abx`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
    body: JSON.stringify({
      visitor_id: v.visitor,
      token: v.token,
      instance_id: shop._id,
      song_id: song,
      source_id: source,
      a_id: mics[0]._id,
      b_id: mics[1]._id,
    }),
  });
  expect(started.status).toBe(200);
  const { test } = ((await started.json()) as { data: { test: string } }).data;
  const answers = await sendAs(v, [{ type: 'abx', instance_id: shop._id, test, answers: ['A', 'B', 'A', 'B'] }]);
  expect(answers.accepted).toBe(1);
  expect(Object.values(await rowsOf(v.visitor)).every((n) => n > 0)).toBe(true);
  return v;
}

/** The figures the brand reads of today: they name no one, so they stay when a visitor is forgotten. */
async function totals() {
  const query = { start: today, end: today, instance_id: shop._id };
  const [launches, products, fresh] = await Promise.all([
    app.send(statisticsEndpoints.launchDaily.own, { query, token: t.a.token }),
    app.send(statisticsEndpoints.productTotals.own, { query, token: t.a.token }),
    app.send(statisticsEndpoints.brandVisitorsDaily.own, { query: { start: today, end: today }, token: t.a.token }),
  ]);
  return {
    launches: launches.body.data.series,
    products: products.body.data,
    fresh: fresh.body.data.series,
  };
}

/** Whether the visitor lists (the platform's, the operators'; the brand's, its customer's) show the id. */
async function listed(id: string) {
  const query = { page_num: 1, page_size: 100 };
  const [all, brand] = await Promise.all([
    app.send(statisticsEndpoints.visitors, { query, token: t.users.global_admin.token }),
    app.send(statisticsEndpoints.brandVisitors.own, { query, token: t.a.token }),
  ]);
  expectOk(all);
  expectOk(brand);
  return {
    platform: all.body.data.list.some((v) => v._id === id),
    brand: brand.body.data.list.some((v) => v._id === id),
  };
}

/** POST /widget/forget as the player sends it: a beacon, text/plain holding JSON. */
const forget = (body: unknown, addr = '203.0.113.50') =>
  app.call(`POST`, playerEndpoints.forget.path, {
    raw: JSON.stringify(body),
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': addr },
  });

describe("the player's Forget me", () => {
  it('erases every row of the visitor id, and the daily totals stay', async () => {
    const v = await busyVisitor();
    const other = await busyVisitor();
    expect(await listed(v.visitor)).toEqual({ platform: true, brand: true });
    const before = await totals();

    const res = await forget({ visitor_id: v.visitor });
    expectOk(res, MSG.visitorForgotten);
    expect(res.body.data).toBeNull();
    expect(await rowsOf(v.visitor)).toEqual(none);
    expect(await listed(v.visitor)).toEqual({ platform: false, brand: false });
    expect(await totals()).toEqual(before);
    // Only that visitor: the other keeps every row.
    expect(Object.values(await rowsOf(other.visitor)).every((n) => n > 0)).toBe(true);
    // Its token names an id the server no longer knows: what it sends next counts only after a new launch.
  });

  it('answers the same for an id the server never held, in any case of letters', async () => {
    expectOk(await forget({ visitor_id: randomUUID() }), MSG.visitorForgotten);
    const v = await busyVisitor();
    expectOk(await forget({ visitor_id: v.visitor.toUpperCase() }), MSG.visitorForgotten);
    expect(await rowsOf(v.visitor)).toEqual(none);
  });

  it('refuses a malformed id (400), and takes JSON too', async () => {
    expectError(await forget({ visitor_id: 'not-an-id' }), 400, 'visitor_id must be a valid id');
    expectError(await forget({}), 400, 'visitor_id is required');
    const json = await app.send(playerEndpoints.forget, { body: { visitor_id: randomUUID() } });
    expectOk(json, MSG.visitorForgotten);
  });

  it("counts against the events' limit per address, a malformed one too", async () => {
    const addr = '203.0.113.77';
    const max = LIMITS.playerEventsPerAddress.max;
    for (let n = 0; n < max; n++) {
      const res = await forget(n % 2 ? { visitor_id: randomUUID() } : { visitor_id: 'x' }, addr);
      expect(res.status).toBe(n % 2 ? 200 : 400);
    }
    expectError(await forget({ visitor_id: randomUUID() }, addr), 429, MSG.playerEventsTooMany);
    // Another address is not held back.
    expectOk(await forget({ visitor_id: randomUUID() }, '203.0.113.78'), MSG.visitorForgotten);
  }, 60_000);
});

describe("an operator's erasure", () => {
  const erase = (id: string, token?: string) => app.send(statisticsEndpoints.eraseVisitor, { params: { id }, token });

  it('erases every row of the visitor id for either admin role; then the id is not found', async () => {
    for (const role of ['global_admin', 'super_admin'] as const) {
      const v = await busyVisitor();
      const before = await totals();
      expectOk(await erase(v.visitor, t.users[role].token), MSG.visitorErased);
      expect(await rowsOf(v.visitor)).toEqual(none);
      expect(await listed(v.visitor)).toEqual({ platform: false, brand: false });
      expect(await totals()).toEqual(before);
      expectError(await erase(v.visitor, t.users[role].token), 404, MSG.visitorNotFound);
    }
  });

  it('a malformed id is a 400, an id never seen a 404', async () => {
    const admin = t.users.global_admin.token;
    expectError(await erase('not-an-id', admin), 400, 'id must be a valid id');
    expectError(await erase(randomUUID(), admin), 404, MSG.visitorNotFound);
  });

  it('is the admins’ only: no token 401, a customer or the atk operator 403, and nothing is erased', async () => {
    const v = await busyVisitor();
    expectError(await erase(v.visitor), 401, MSG.unauthorized);
    for (const token of [t.a.token, t.users.customer.token, t.users.atk.token])
      expectError(await erase(v.visitor, token), 403, MSG.forbidden);
    expect(Object.values(await rowsOf(v.visitor)).every((n) => n > 0)).toBe(true);
  });
});
