/**
 * Listener verdicts (docs/api.md "Listener verdicts"): blind votes sent on the events endpoint count only for an
 * instance that asks for them, with the launch's token, when each product compared was heard 5 s that day, once per
 * visitor, instance, song and source a day; the brand reads per product and per pair shares with 95 % Wilson
 * intervals. Everything is made and read through endpoints, as the console and the player do.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FEATURES,
  DEFAULT_SUBSCRIPTION,
  type Instance,
  MSG,
  PERMISSION,
  type Preferences,
  type Product,
  STATISTICS_BASE,
  utcToday,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAfter, dayBefore } from '../../src/modules/statistics/months.ts';
import { readPreferences } from '../../src/modules/statistics/preferences.ts';
import { splitRange } from '../../src/modules/statistics/verdict-sums.ts';
import { wilson } from '../../src/modules/statistics/verdicts.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { instanceShowing, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';
import { backdated, launched, sendAs, type Visitor } from '../support/visitors.ts';

let app: TestApp;
let t: Tenants;
let song: string;
let source: string;
let otherSong: string;
let mics: Product[];
let voting: Instance;
let silent: Instance;

const on = { is_enable: 1 as const };

async function songWithSource(token: string, name: string) {
  const made = await app.call<{ _id: string }>('POST', '/songs', { token, body: { name } });
  expectOk(made, MSG.createSongSuccess);
  const src = await app.call<{ _id: string }>('POST', '/instruments', {
    token,
    body: { song_id: made.body.data._id, name: 'Vocal' },
  });
  expectOk(src, MSG.createInstrumentSuccess);
  return { song: made.body.data._id, source: src.body.data._id };
}

const putFeatures = (id: string, listenerVotes: 0 | 1) =>
  app.call<Instance>('PUT', `/instances/${id}`, {
    token: t.a.token,
    body: { features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: listenerVotes } } },
  });

beforeAll(async () => {
  // Behind one trusted proxy, so each visitor has its own address (X-Forwarded-For).
  ({ app, t } = await startWithTenants({ trustProxy: 1 }));
  ({ song, source } = await songWithSource(t.a.token, 'Verdict song'));
  otherSong = (await songWithSource(t.a.token, 'Other song')).song;
  mics = [];
  for (const name of ['Verdict A', 'Verdict B', 'Verdict C']) {
    const p = await publishedProduct(app, t, t.a.token, name);
    expectOk(
      await app.call('PUT', `/products/${p._id}`, { token: t.a.token, body: { type: 'songs', content: [song] } }),
      MSG.updateSuccess,
    );
    mics.push(p);
  }
  voting = await instanceShowing(app, t, t.a.token, 'Verdicts', mics);
  silent = await instanceShowing(app, t, t.a.token, 'No votes', mics);
}, 60_000);
afterAll(() => app.close());

const [A, B, C] = [0, 1, 2];
const listen = (instance: Instance, product: number, seconds: number) => ({
  type: 'listen',
  instance_id: instance._id,
  product_id: mics[product]._id,
  song_id: song,
  source_id: source,
  seconds,
});
const vote = (instance: Instance, compared: number[], chosen: number | null, extra: Record<string, unknown> = {}) => ({
  type: 'vote',
  instance_id: instance._id,
  song_id: song,
  source_id: source,
  products: compared.map((i) => mics[i]._id),
  ...(chosen === null ? {} : { product_id: mics[chosen]._id }),
  heard: compared.map(() => 6),
  level_matched: true,
  ...extra,
});

let address = 0;
/** A visitor who launched `instance` 30 s ago, heard `compared` `seconds` each, then voted: what was accepted. */
async function listenAndVote(
  instance: Instance,
  compared: number[],
  chosen: number | null,
  seconds = 6,
  v?: Visitor,
): Promise<number> {
  const visitor = v ?? (await launched(app.url, instance._id, { address: `198.51.100.${++address}` }));
  const sent = await sendAs(
    visitor,
    [...compared.map((i) => listen(instance, i, seconds)), vote(instance, compared, chosen)],
    backdated(visitor, 30),
  );
  expect(sent.status).toBe(200);
  return sent.accepted - compared.length;
}

const today = utcToday();
const read = (token: string, query = '', admin = false) =>
  app.call<Preferences>(
    'GET',
    `${STATISTICS_BASE}${admin ? '/admin' : ''}/statistics/preferences?start=${today}&end=${today}${query}`,
    { token },
  );

describe('listener votes', () => {
  it('the Listener votes feature is refused (402) unless the subscription includes it, and the player reads it', async () => {
    const refused = await putFeatures(voting._id, 1);
    expect(refused.status).toBe(402);
    expect(refused.body.msg).toBe(PERMISSION.listener_votes);
    expectOk(
      await app.call('PUT', `/admin/users/${t.a.id}`, {
        token: t.users.global_admin.token,
        body: { subscription: { ...DEFAULT_SUBSCRIPTION, listener_votes: on } },
      }),
      MSG.updateSuccess,
    );
    const saved = await putFeatures(voting._id, 1);
    expectOk(saved, MSG.updateSuccess);
    expect(saved.body.data.features.listener_votes).toEqual(on);
    const player = await fetch(`${app.url}/api/v1/atk_player/widget/instances/${voting._id}`);
    expect(((await player.json()) as { data: { features: { listener_votes: number } } }).data.features).toMatchObject({
      listener_votes: 1,
    });
    // off by default
    const other = await app.call<Instance>('GET', `/instances/${silent._id}`, { token: t.a.token });
    expect(other.body.data.features.listener_votes).toEqual({ is_enable: 0 });
  });

  it('a vote counts after each product was heard 5 s, once per visitor, instance, song and source a day', async () => {
    expect(await listenAndVote(voting, [A, B], A)).toBe(1);
    expect(await listenAndVote(voting, [A, B, C], A)).toBe(1);
    const third = await launched(app.url, voting._id, { address: '198.51.100.200' });
    expect(await listenAndVote(voting, [A, B], null, 6, third)).toBe(1);
    // The same visitor again today: a duplicate, dropped.
    expect(await listenAndVote(voting, [A, B], B, 6, third)).toBe(0);
    // Heard 1 s each: not counted.
    expect(await listenAndVote(voting, [A, B], B, 1)).toBe(0);
    // Heard A long enough, but never C: not counted.
    const partial = await launched(app.url, voting._id, { address: '198.51.100.201' });
    await sendAs(partial, [listen(voting, A, 6)], backdated(partial, 30));
    expect((await sendAs(partial, [vote(voting, [A, C], C)], backdated(partial, 30))).accepted).toBe(0);
  });

  it('forged votes are dropped: no token, an instance without the feature, an unpublished one, a foreign product', async () => {
    const v = await launched(app.url, voting._id, { address: '198.51.100.210' });
    await sendAs(v, [listen(voting, A, 6), listen(voting, B, 6)], backdated(v, 30));
    expect((await sendAs(v, [vote(voting, [A, B], A)], null)).accepted).toBe(0);
    expect((await sendAs(v, [{ ...vote(voting, [A, B], A), products: [mics[A]._id, randomUUID()] }])).accepted).toBe(0);
    const w = await launched(app.url, silent._id, { address: '198.51.100.211' });
    expect(await listenAndVote(silent, [A, B], A, 6, w)).toBe(0);
    // Unpublished after the launch: nothing of it counts any more.
    const u = await launched(app.url, voting._id, { address: '198.51.100.212' });
    expectOk(
      await app.call('PUT', `/instances/${voting._id}`, {
        token: t.a.token,
        body: { general: { name: 'Verdicts', is_published: 0 } },
      }),
      MSG.updateSuccess,
    );
    expect(await listenAndVote(voting, [A, B], A, 6, u)).toBe(-2);
    expectOk(
      await app.call('PUT', `/instances/${voting._id}`, {
        token: t.a.token,
        body: { general: { name: 'Verdicts', is_published: 1 } },
      }),
      MSG.updateSuccess,
    );
  });

  it('a malformed vote is a 400 naming the field', async () => {
    const v = await launched(app.url, voting._id, { address: '198.51.100.220' });
    const bad = async (event: Record<string, unknown>, field: string, msg: string) => {
      const res = await fetch(`${app.url}/api/v1/atk_player/widget/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
        body: JSON.stringify({ visitor_id: v.visitor, token: v.token, events: [event] }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toContain(`${field} ${msg}`);
    };
    await bad({ ...vote(voting, [A, B], A), products: undefined }, 'products', 'is required for a vote');
    await bad({ ...vote(voting, [A, B], A), products: [mics[A]._id] }, 'products', 'must name at least 2 products');
    await bad({ ...vote(voting, [A, B], A), product_id: mics[C]._id }, 'product_id', 'must be one of the products');
    await bad({ ...vote(voting, [A, B], A), heard: [6] }, 'heard', 'must give one figure per product');
    await bad({ ...vote(voting, [A, B], A), song_id: undefined }, 'song_id', 'is required for a vote');
  });

  it('the brand reads per product and per pair shares with their 95 % Wilson intervals', async () => {
    const res = await read(t.a.token, `&instance_id=${voting._id}`);
    expectOk(res);
    const p = res.body.data;
    expect(p.votes).toBe(3);
    expect(p.no_preference).toBe(1);
    expect(p.min_votes).toBe(20);
    const byName = new Map(p.products.map((x) => [x.name, x]));
    expect(byName.get('Verdict A')).toMatchObject({ votes: 3, wins: 2, ...wilson(2, 3), strength: null });
    expect(byName.get('Verdict B')).toMatchObject({ votes: 3, wins: 0, ...wilson(0, 3) });
    expect(byName.get('Verdict C')).toMatchObject({ votes: 1, wins: 0, ...wilson(0, 1) });
    expect(p.products[0].name).toBe('Verdict A');
    const id = (i: number) => mics[i]._id;
    expect(p.pairs).toEqual([
      { a_id: id(A), b_id: id(B), votes: 3, a_wins: 2, b_wins: 0, ties: 1, ...wilson(2, 2) },
      { a_id: id(A), b_id: id(C), votes: 1, a_wins: 1, b_wins: 0, ties: 0, ...wilson(1, 1) },
      { a_id: id(B), b_id: id(C), votes: 1, a_wins: 0, b_wins: 0, ties: 1, share: null, low: null, high: null },
    ]);
    // The same through the operators' path; all the brand's instances give the same here.
    const admin = await read(t.users.global_admin.token, `&brand_id=${t.brandA.id}&instance_id=${voting._id}`, true);
    expect(admin.body.data).toEqual(p);
    // From the month's first day: the month's row (whole months are read from the monthly rollup), the same.
    const monthStart = await app.call<Preferences>(
      'GET',
      `${STATISTICS_BASE}/statistics/preferences?start=${today.slice(0, 8)}01&end=${today}&instance_id=${voting._id}`,
      { token: t.a.token },
    );
    expect(monthStart.body.data).toEqual(p);
    // Filters: another song has no votes; the source of the votes has them.
    expect((await read(t.a.token, `&song_id=${otherSong}`)).body.data.votes).toBe(0);
    expect((await read(t.a.token, `&instance_id=${voting._id}&source_id=${source}`)).body.data).toEqual(p);
    expect((await read(t.a.token, `&instance_id=${voting._id}&song_id=${song}`)).body.data).toEqual(p);
    expect((await read(t.a.token, `&instance_id=${voting._id}&song_id=${song}&source_id=${source}`)).body.data).toEqual(
      p,
    );
    // Another brand sees none of it.
    expect((await read(t.b.token)).body.data).toMatchObject({ votes: 0, products: [], pairs: [] });
  });

  it('Bradley–Terry strengths once every pair has 10 decisive votes', async () => {
    const pair = await instanceShowing(app, t, t.a.token, 'Strengths', [mics[A], mics[B]]);
    expectOk(await putFeatures(pair._id, 1), MSG.updateSuccess);
    for (let n = 0; n < 9; n++) expect(await listenAndVote(pair, [A, B], n < 6 ? A : B)).toBe(1);
    const nine = (await read(t.a.token, `&instance_id=${pair._id}`)).body.data;
    expect(nine.products.map((x) => x.strength)).toEqual([null, null]);
    expect(await listenAndVote(pair, [A, B], B)).toBe(1); // 6 to 4
    const ten = (await read(t.a.token, `&instance_id=${pair._id}`)).body.data;
    expect(ten.products[0]).toMatchObject({ name: 'Verdict A', votes: 10, wins: 6 });
    expect(ten.products[0].strength).toBeCloseTo(Math.sqrt(1.5), 6);
    expect(ten.products[1].strength).toBeCloseTo(1 / Math.sqrt(1.5), 6);
    expect(ten.products[0].strength_low).toBeLessThan(1);
    expect(ten.products[0].strength_high).toBeGreaterThan(Math.sqrt(1.5));
    // All the brand's players: both instances' votes, the pair A–B summed.
    const all = (await read(t.a.token)).body.data;
    expect(all.votes).toBe(13);
    expect(all.pairs.find((x) => x.b_id === mics[B]._id && x.a_id === mics[A]._id)).toMatchObject({
      a_wins: 8,
      b_wins: 4,
      ties: 1,
    });
  });

  it('401 without a token, 403 for the wrong role, 404 for another brand’s instance, 400 for a bad range', async () => {
    expectError(await read(''), 401, MSG.unauthorized);
    expectError(await read(t.a.token, `&brand_id=${t.brandA.id}`, true), 403, MSG.forbidden);
    expectError(await read(t.b.token, `&instance_id=${voting._id}`), 404, MSG.instanceNotFound);
    expectError(
      await read(t.users.global_admin.token, `&brand_id=${t.brandB.id}&instance_id=${voting._id}`, true),
      404,
      MSG.instanceNotFound,
    );
    expectError(await read(t.a.token, `&song_id=${randomUUID()}`), 404, MSG.songNotFound);
    const bad = await app.call('GET', `${STATISTICS_BASE}/statistics/preferences?start=${today}&end=nope`, {
      token: t.a.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('must be a date YYYY-MM-DD');
    expectError(await read(t.users.global_admin.token, '', true), 400, 'brand_id is required');
  });

  it('a range’s closed days are summed once and remembered; the days votes may still land on are read live', async () => {
    // The route reads with the server's clock; here the read is called with a later one, as the route would then.
    const remembered = await instanceShowing(app, t, t.a.token, 'Remembered', [mics[A], mics[B]]);
    expectOk(await putFeatures(remembered._id, 1), MSG.updateSuccess);
    expect(await listenAndVote(remembered, [A, B], A)).toBe(1);
    const customer = { id: t.a.id, role: 'customer' as const, masterBrandId: t.brandA.id };
    const query = (start: string) =>
      ({ start, end: today, widget_type: 'desktop', instance_id: remembered._id }) as const;
    const later = new Date(Date.now() + 2 * 86_400_000);
    const live = (await read(t.a.token, `&instance_id=${remembered._id}`)).body.data;
    expect(live).toMatchObject({ votes: 1, products: [{ name: 'Verdict A', votes: 1, wins: 1 }, { votes: 1 }] });
    // Two days on, today is closed: summed from the rollups once, with the same figures as read live.
    expect(await readPreferences(app.db, customer, query(today), later)).toEqual(live);
    // A vote now lands on today (the database's day). Read two days on, the range read before is remembered and
    // not summed again; a range not read before sums it. Read today, today is live and counts it.
    expect(await listenAndVote(remembered, [A, B], B)).toBe(1);
    expect((await readPreferences(app.db, customer, query(today), later)).votes).toBe(1);
    expect((await readPreferences(app.db, customer, query(dayBefore(today)), later)).votes).toBe(2);
    const now = (await read(t.a.token, `&instance_id=${remembered._id}`)).body.data;
    expect(now.votes).toBe(2);
    // Once the month has ended, it is closed and read from its monthly rows: the same figures.
    const [y, m] = today.split('-').map(Number);
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const month = { ...query(`${today.slice(0, 8)}01`), end: monthEnd };
    expect(await readPreferences(app.db, customer, month, new Date(`${dayAfter(monthEnd)}T02:00:00Z`))).toEqual(now);
  });

  it('an answer made once is sent again until a vote or a product it names changes it', async () => {
    const kept = await instanceShowing(app, t, t.a.token, 'Kept answers', [mics[A], mics[C]]);
    expectOk(await putFeatures(kept._id, 1), MSG.updateSuccess);
    expect(await listenAndVote(kept, [A, C], C)).toBe(1);
    const first = (await read(t.a.token, `&instance_id=${kept._id}`)).body.data;
    expect(first.products.map((x) => [x.name, x.wins])).toEqual([
      ['Verdict C', 1],
      ['Verdict A', 0],
    ]);
    expect((await read(t.a.token, `&instance_id=${kept._id}`)).body.data).toEqual(first);
    // A vote shows in the next read of the same range.
    expect(await listenAndVote(kept, [A, C], A)).toBe(1);
    const voted = (await read(t.a.token, `&instance_id=${kept._id}`)).body.data;
    expect(voted).toMatchObject({
      votes: 2,
      products: [
        { name: 'Verdict A', wins: 1 },
        { name: 'Verdict C', wins: 1 },
      ],
    });
    // So does a product's new name (the change feed drops the answers naming it), and its old name again.
    const rename = (name: string) =>
      app.call('PUT', `/products/${mics[C]._id}`, {
        token: t.a.token,
        body: { type: 'general', content: { name, is_published: 1, category_id: t.category.id } },
      });
    expectOk(await rename('Verdict C renamed'), MSG.updateSuccess);
    const renamed = (await read(t.a.token, `&instance_id=${kept._id}`)).body.data;
    expect(renamed.products.map((x) => x.name)).toEqual(['Verdict A', 'Verdict C renamed']);
    expectOk(await rename('Verdict C'), MSG.updateSuccess);
    expect((await read(t.a.token, `&instance_id=${kept._id}`)).body.data).toEqual(voted);
  });
});

describe('splitRange', () => {
  const at = (iso: string) => new Date(iso);
  it('closes a day an hour after it ended; the rest of the range is live', () => {
    expect(splitRange('2026-01-01', '2026-11-29', at('2026-11-29T12:00:00Z'))).toEqual({
      closed: { from: '2026-01-01', to: '2026-11-28' },
      live: { from: '2026-11-29', to: '2026-11-29' },
    });
    // in a day's first hour, yesterday is live too
    expect(splitRange('2026-01-01', '2026-11-29', at('2026-11-29T00:30:00Z'))).toEqual({
      closed: { from: '2026-01-01', to: '2026-11-27' },
      live: { from: '2026-11-28', to: '2026-11-29' },
    });
    expect(splitRange('2026-11-29', '2026-11-29', at('2026-11-29T12:00:00Z'))).toEqual({
      closed: undefined,
      live: { from: '2026-11-29', to: '2026-11-29' },
    });
    expect(splitRange('2026-02-01', '2026-02-28', at('2026-03-01T01:00:00Z'))).toEqual({
      closed: { from: '2026-02-01', to: '2026-02-28' },
      live: undefined,
    });
    expect(splitRange('2026-01-01', '2026-01-31', at('2026-11-29T12:00:00Z'))).toEqual({
      closed: { from: '2026-01-01', to: '2026-01-31' },
      live: undefined,
    });
  });
});
