/**
 * Strict privacy mode (docs/api.md "What the statistics store, and for how long"): a batch with privacy 'strict'
 * sends no visitor id; its visitor is a salted hash of the address, user agent and instance valid one UTC day. Its
 * launches, the day's unique visitors and listening count; no visitor is kept across days (no visitors or
 * brand_visitors row, no new visitor), and its launches show as strict_launches beside new visitors.
 */
import { API_BASE, type DailySeries, type LaunchSeries, STATISTICS_BASE, utcToday } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandVisitors, statsDailySalts, visitors } from '../../src/db/schema.ts';
import { strictVisitorId } from '../../src/modules/statistics/salts.ts';
import { keepStatistics } from '../../src/modules/statistics/upkeep.ts';
import { expectError } from '../support/assertions.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';

let app: TestApp;
let shop: PublishedInstance;
let customer: { token: string };

beforeAll(async () => {
  // Behind one trusted proxy: the visitor's address is X-Forwarded-For's last hop.
  app = await startTestApp({ trustProxy: 1 });
  const brand = await makeBrand(app.db, 'Strict Mics');
  customer = await makeUser(app, 'customer', { brandId: brand.id });
  shop = await publishedInstance(app, customer, brand.id, 'Strict page');
});
afterAll(() => app.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function send(batch: Record<string, unknown>, userAgent = FIREFOX, address = '10.0.0.7') {
  return fetch(`${app.url}${API_BASE}/widget/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': address, 'user-agent': userAgent },
    body: JSON.stringify({ page_url: 'https://shop.example/strict', ...batch }),
  });
}
const strictLaunch = () => ({ privacy: 'strict', events: [{ type: 'launch', instance_id: shop.id }] });
async function accepted(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { accepted: number } }).data.accepted;
}

const range = `start=${utcToday()}&end=${utcToday()}`;
const figures = async () => {
  const as = { token: customer.token };
  const launches = await app.call<LaunchSeries>(
    'GET',
    `${STATISTICS_BASE}/statistics/instance/launch/daily?${range}&instance_id=${shop.id}`,
    as,
  );
  const fresh = await app.call<DailySeries>('GET', `${STATISTICS_BASE}/statistics/brand/visitors/daily?${range}`, as);
  expect([launches.status, fresh.status]).toEqual([200, 200]);
  return {
    launches: launches.body.data.total_num,
    unique: launches.body.data.unique_num,
    fresh: fresh.body.data.series[0].total,
    strict: fresh.body.data.strict_launches,
  };
};

describe('strict privacy mode', () => {
  it('counts launches and the day’s unique visitors by address and user agent, and keeps no visitor', async () => {
    const before = await figures();
    const [visitorsBefore, brandVisitorsBefore] = await Promise.all([
      app.db.$count(visitors),
      app.db.$count(brandVisitors, eq(brandVisitors.brandId, shop.brandId)),
    ]);
    // Two launches from the same address and browser the same day: one visitor.
    expect(await accepted(await send(strictLaunch()))).toBe(1);
    expect(await accepted(await send(strictLaunch()))).toBe(1);
    expect(await figures()).toEqual({
      launches: before.launches + 2,
      unique: before.unique + 1,
      fresh: before.fresh,
      strict: before.strict + 2,
    });
    // Another browser at the same address is another visitor.
    expect(await accepted(await send(strictLaunch(), CHROME))).toBe(1);
    expect(await figures()).toEqual({
      launches: before.launches + 3,
      unique: before.unique + 2,
      fresh: before.fresh,
      strict: before.strict + 3,
    });
    // No visitor is kept across days: no visitors or brand_visitors row.
    expect(await app.db.$count(visitors)).toBe(visitorsBefore);
    expect(await app.db.$count(brandVisitors, eq(brandVisitors.brandId, shop.brandId))).toBe(brandVisitorsBefore);
    // The id is the day's hash, the same for the same address, agent and instance; another otherwise.
    const id = await strictVisitorId(app.db, '10.0.0.7', FIREFOX, shop.id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await strictVisitorId(app.db, '10.0.0.7', FIREFOX, shop.id)).toBe(id);
    expect(await strictVisitorId(app.db, '10.0.0.7', CHROME, shop.id)).not.toBe(id);
  });

  it('refuses a standard batch without visitor_id, with the field named', async () => {
    const launch = { type: 'launch', instance_id: shop.id };
    expectError(
      await app.call('POST', '/widget/events', { body: { events: [launch] } }),
      400,
      'visitor_id is required unless privacy is strict',
    );
    expectError(
      await app.call('POST', '/widget/events', { body: { privacy: 'standard', events: [launch] } }),
      400,
      'visitor_id is required unless privacy is strict',
    );
    expectError(
      await app.call('POST', '/widget/events', { body: { privacy: 'none', events: [launch] } }),
      400,
      'privacy must be one of standard, strict',
    );
  });

  it('keeps one salt a day: the daily upkeep deletes an earlier day’s', async () => {
    await send(strictLaunch());
    await app.db.insert(statsDailySalts).values({ day: '2024-01-01', salt: '00'.repeat(32) });
    const days = async () =>
      (await app.db.select({ day: statsDailySalts.day }).from(statsDailySalts)).map((r) => r.day);
    expect((await days()).sort()).toEqual(['2024-01-01', utcToday()]);
    const errors: string[] = [];
    const stop = keepStatistics(app.db, { error: (msg) => errors.push(msg) }, { rawDays: 400, visitorIdleMonths: 25 });
    try {
      await expect.poll(days, { timeout: 20_000 }).toEqual([utcToday()]);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });
});
