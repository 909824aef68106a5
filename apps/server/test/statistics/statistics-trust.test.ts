/**
 * Statistics cannot be forged (docs/api.md "How hard the statistics are to inflate"). One anonymous
 * address used to move a competitor's figures at will (121 batches in under a minute: plays 0 → 2,880, listening
 * 0 → 3,000 hours, launches and visitors 0 → 120). Now events count only with their launch's token, listening only
 * as much as time has passed, plays and launches up to caps, and one address's share of an instance's day is
 * bounded; what is dropped is counted beside each figure. Figures are read through the statistics API, as the
 * competitor's customer reads them.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, STATISTICS_BASE, utcToday } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_CAPS } from '../../src/modules/statistics/ingest-caps.ts';
import { issueToken } from '../../src/modules/statistics/tokens.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';
import { backdated, launched, sendAs } from '../support/visitors.ts';

let app: TestApp;
let competitor: { token: string };
let brandId: string;

beforeAll(async () => {
  // Behind one trusted proxy, so each test is its own address (X-Forwarded-For).
  app = await startTestApp({ trustProxy: 1 });
  const brand = await makeBrand(app.db, 'Competitor Mics');
  brandId = brand.id;
  competitor = await makeUser(app, 'customer', { brandId: brand.id });
});
afterAll(() => app.close());

const today = utcToday();
const read = async <T>(path: string, query = '') => {
  const res = await app.call<T>('GET', `${STATISTICS_BASE}${path}?start=${today}&end=${today}${query}`, {
    token: competitor.token,
  });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** The competitor's figures of today for one instance, each with what was dropped beside it. */
async function figures(i: PublishedInstance) {
  const q = `&instance_id=${i.id}`;
  const [launches, visitors, plays, listening, products] = await Promise.all([
    read<{ series: { total: number; unique: number }[]; dropped: number }>('/statistics/instance/launch/daily', q),
    read<{ series: { total: number }[]; dropped: number }>('/statistics/brand/visitors/daily'),
    read<{ total_num: number; dropped: number }>('/statistics/product/play', q),
    read<{ total_num: number; dropped: number }>('/statistics/product/listening_time', q),
    read<{ dropped: { plays: number; listening_time: number; clicks: number } }>('/statistics/products', q),
  ]);
  // The Products tab shows the same dropped counts beside its totals (these tests send no buy click).
  expect(products.dropped).toEqual({ plays: plays.dropped, listening_time: listening.dropped, clicks: 0 });
  return {
    launches: launches.series[0].total,
    unique: launches.series[0].unique,
    visitors: visitors.series[0].total,
    plays: plays.total_num,
    listening: listening.total_num,
    dropped: {
      launches: launches.dropped,
      visitors: visitors.dropped,
      plays: plays.dropped,
      listening: listening.dropped,
    },
  };
}

const fresh = (name: string) => publishedInstance(app, competitor, brandId, name);
const play = (i: PublishedInstance) => ({
  type: 'play',
  instance_id: i.id,
  product_id: i.product.id,
  song_id: i.product.song,
  source_id: i.product.source,
});
const listen = (i: PublishedInstance, seconds: number) => ({ ...play(i), type: 'listen', seconds });

/** A raw batch from `address`, as a script would send it. */
async function post(address: string, body: Record<string, unknown>) {
  const res = await fetch(`${app.url}${API_BASE}/widget/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { accepted: number; token: string | null } } };
}

describe('statistics cannot be forged', () => {
  it("one address, 120 batches in under a minute against a competitor's player, moves each figure by at most its caps", async () => {
    const target = await fresh('Inflated');
    const started = Date.now();
    const address = '203.0.113.9';
    // One that knows about tokens: launch, then send 49 events with the launch's token (60 batches).
    for (let n = 0; n < 30; n++) {
      const v = await launched(app.url, target.id, { address }).catch(() => null);
      const visitor = v ?? { base: app.url, instance: target.id, visitor: randomUUID(), widget: 'desktop' as const };
      const sent = await post(address, {
        visitor_id: visitor.visitor,
        token: v?.token ?? undefined,
        events: [
          ...Array.from({ length: 24 }, () => play(target)),
          ...Array.from({ length: 25 }, () => listen(target, 3600)),
        ],
      });
      expect(sent.status).toBe(200);
    }
    // Then the reported attack: batches of 50 (a launch, 24 plays, 25 hour-long listens), each a new visitor.
    const naive = Array.from({ length: 60 }, () =>
      post(address, {
        visitor_id: randomUUID(),
        events: [
          { type: 'launch', instance_id: target.id },
          ...Array.from({ length: 24 }, () => play(target)),
          ...Array.from({ length: 25 }, () => listen(target, 3600)),
        ],
      }),
    );
    for (const r of await Promise.all(naive)) expect(r.status).toBe(200);
    const elapsed = (Date.now() - started) / 1000;
    expect(elapsed).toBeLessThan(60);

    const after = await figures(target);
    const c = STATS_CAPS;
    // Launches and visitors: the address's hourly launch cap.
    expect(after.launches).toBeLessThanOrEqual(c.launchesPerAddressHour);
    expect(after.unique).toBeLessThanOrEqual(c.launchesPerAddressHour);
    expect(after.visitors).toBeLessThanOrEqual(c.launchesPerAddressHour);
    // Plays: the visitors that launched, each at most its daily cap, and the address's day budget.
    expect(after.plays).toBeLessThanOrEqual(
      Math.min(c.playsPerAddressDay, after.launches * c.playsPerVisitorProductDay),
    );
    // Listening: no more than the time that passed, per launched visitor (was 3,000 hours).
    expect(after.listening).toBeLessThanOrEqual(after.launches * (elapsed + 1));
    // What was refused is counted beside each figure.
    expect(after.launches + after.dropped.launches).toBe(90);
    expect(after.dropped.visitors).toBe(after.dropped.launches);
    expect(after.plays + after.dropped.plays).toBe(90 * 24);
    expect(after.listening + after.dropped.listening).toBeCloseTo(90 * 25 * 3600, 0);
  }, 60_000);

  it('events without a valid token for their visitor and instance are dropped and counted: none, forged, expired, another visitor’s or instance’s', async () => {
    const target = await fresh('Tokens');
    const other = await fresh('Tokens other');
    const v = await launched(app.url, target.id, { address: '203.0.113.20' });
    const before = await figures(target);
    const secret = Buffer.from('not the server secret, 32 chars!');
    const parts = { widget: v.widget, instance: v.instance, visitor: v.visitor };
    const tokens: (string | undefined)[] = [
      undefined,
      'garbage',
      issueToken(secret, parts, Date.now() - 60_000),
      // Expired: issued 31 minutes ago (tokens live 30).
      backdated(v, 31 * 60),
      // Another visitor's, another instance's.
      backdated({ ...parts, visitor: randomUUID() }, 60),
      backdated({ ...parts, instance: other.id }, 60),
    ];
    for (const token of tokens) {
      const sent = await post(v.address, { visitor_id: v.visitor, token, events: [play(target), listen(target, 5)] });
      expect(sent.body.data).toEqual({ accepted: 0, token: null });
    }
    const after = await figures(target);
    expect(after.plays).toBe(before.plays);
    expect(after.listening).toBe(before.listening);
    expect(after.dropped.plays).toBe(before.dropped.plays + tokens.length);
    expect(after.dropped.listening).toBe(before.dropped.listening + tokens.length * 5);
    // The launch's own token counts.
    expect((await sendAs(v, [play(target)])).accepted).toBe(1);
    expect((await figures(target)).plays).toBe(before.plays + 1);
  });

  it('listening counts no more seconds than have passed since the visitor’s previous event', async () => {
    const target = await fresh('Clock');
    const v = await launched(app.url, target.id, { address: '203.0.113.30' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const first = await sendAs(v, [listen(target, 30)]);
    expect(first.accepted).toBe(1);
    let now = await figures(target);
    // About the 2 seconds since the launch, not 30.
    expect(now.listening).toBeGreaterThanOrEqual(1.5);
    expect(now.listening).toBeLessThan(4);
    expect(now.listening + now.dropped.listening).toBeCloseTo(30, 2);
    // At once again: hardly any time has passed since that event.
    await sendAs(v, [listen(target, 30)]);
    const again = await figures(target);
    expect(again.listening - now.listening).toBeLessThan(1);
    // A real player's 15-second batch after 15 seconds counts whole (here: its token as 15 s old, no event since).
    const w = await launched(app.url, target.id, { address: '203.0.113.31' });
    now = await figures(target);
    expect((await sendAs(w, [listen(target, 14.5)], backdated(w, 15))).accepted).toBe(1);
    expect((await figures(target)).listening).toBeCloseTo(now.listening + 14.5, 2);
  });

  it('plays are capped per visitor and product a day; launches per address and instance an hour', async () => {
    const target = await fresh('Caps');
    const v = await launched(app.url, target.id, { address: '203.0.113.40' });
    const plays = Array.from({ length: STATS_CAPS.playsPerVisitorProductDay + 5 }, () => play(target));
    expect((await sendAs(v, plays, backdated(v, 600))).accepted).toBe(STATS_CAPS.playsPerVisitorProductDay);
    let now = await figures(target);
    expect(now.plays).toBe(STATS_CAPS.playsPerVisitorProductDay);
    expect(now.dropped.plays).toBe(5);

    // One address: its hourly launches count, the rest are dropped (and no token is issued for them).
    const address = '203.0.113.41';
    const answers = [];
    for (let n = 0; n < STATS_CAPS.launchesPerAddressHour + 3; n++)
      answers.push(
        await post(address, { visitor_id: randomUUID(), events: [{ type: 'launch', instance_id: target.id }] }),
      );
    expect(answers.filter((a) => a.body.data.token).length).toBe(STATS_CAPS.launchesPerAddressHour);
    now = await figures(target);
    expect(now.launches).toBe(1 + STATS_CAPS.launchesPerAddressHour);
    expect(now.dropped.launches).toBe(3);
    // Another address still launches.
    expect(
      (await post('203.0.113.42', { visitor_id: randomUUID(), events: [{ type: 'launch', instance_id: target.id }] }))
        .body.data.accepted,
    ).toBe(1);
  });
});
