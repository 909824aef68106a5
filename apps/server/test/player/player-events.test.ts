/**
 * The player's events (POST /widget/events): public, readable from any origin, batched, rate limited per address,
 * stored for the statistics screens with the instance's brand.
 */
import { randomUUID } from 'node:crypto';
import {
  API_BASE,
  DEFAULT_BUTTONS,
  DEFAULT_FEATURES,
  DEFAULT_IMAGES,
  MSG,
  PLAYER_EVENTS_MAX,
  type PlayerEvents,
} from '@atk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances, instruments, playerEvents, products, rateLimits, songs } from '../../src/db/schema.ts';
import { eventsLimitKey } from '../../src/modules/player/events.ts';
import { LIMITS } from '../../src/platform/rate-limit.ts';
import { expectError } from '../support/assertions.ts';
import { makeBrand, startTestApp, type TestApp } from '../support/harness.ts';
import { backdated, launched } from '../support/visitors.ts';

let app: TestApp;
let brand: { id: string };
let product: { id: string; brandId: string };
let song: { id: string };
let source: { id: string };
let published: { id: string };

beforeAll(async () => {
  app = await startTestApp();
  brand = await makeBrand(app.db, 'Events Brand');
  [product] = await app.db.insert(products).values({ brandId: brand.id, name: 'Mic', isPublished: 1 }).returning();
  [song] = await app.db.insert(songs).values({ brandId: brand.id, name: 'Song' }).returning();
  [source] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocal' }).returning();
  published = await instance(1);
});
afterAll(() => app.close());

async function instance(isPublished: 0 | 1, isDeleted = false) {
  const [row] = await app.db
    .insert(instances)
    .values({
      brandId: brand.id,
      name: 'Events',
      isPublished,
      isDeleted,
      features: DEFAULT_FEATURES,
      products: [{ product_id: product.id, brand_id: brand.id, is_active: 1, order: 1 }],
      sources: [
        {
          song_id: song.id,
          is_active: 1,
          order: 1,
          instruments: [{ instrument_id: source.id, is_active: 1, order: 1 }],
        },
      ],
      images: DEFAULT_IMAGES,
      buttons: DEFAULT_BUTTONS,
    })
    .returning();
  return row;
}

const url = () => `${app.url}${API_BASE}/widget/events`;
const send = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(url(), { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const post = (body: unknown) => app.call<{ accepted: number }>('POST', '/widget/events', { body });
const stored = (visitorId: string) =>
  app.db
    .select()
    .from(playerEvents)
    .where(eq(playerEvents.visitorId, visitorId))
    .orderBy(asc(playerEvents.type), asc(playerEvents.seconds));

describe('POST /widget/events', () => {
  it("stores a batch with the instance brand, its events carrying the launch's token, readable from any origin", async () => {
    const visitor = randomUUID();
    const launch: PlayerEvents = {
      privacy: 'standard',
      visitor_id: visitor,
      widget_type: 'desktop',
      events: [{ type: 'launch', instance_id: published.id }],
    };
    const first = await send(launch, { 'content-type': 'application/json', origin: 'https://brand.example' });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(await first.json()).toEqual({ code: 200, msg: MSG.ok, data: { accepted: 1, token: expect.any(String) } });
    // A minute later (the token its launch would have had then): a play and 12.5 s of listening.
    const token = backdated({ widget: 'desktop', instance: published.id, visitor }, 60);
    const batch: PlayerEvents = {
      privacy: 'standard',
      visitor_id: visitor,
      widget_type: 'desktop',
      token,
      events: [
        { type: 'play', instance_id: published.id, product_id: product.id, song_id: song.id, source_id: source.id },
        { type: 'listen', instance_id: published.id, product_id: product.id, song_id: song.id, seconds: 12.5 },
      ],
    };
    const res = await send(batch, { 'content-type': 'application/json', origin: 'https://brand.example' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { data: { accepted: number; token: string } };
    // The answer renews the token.
    expect(answer.data).toEqual({ accepted: 2, token: expect.any(String) });
    expect(answer.data.token).not.toBe(token);

    const rows = await stored(visitor);
    expect(rows.map(({ createdAt, ...rest }) => rest)).toEqual([
      {
        instanceId: published.id,
        brandId: brand.id,
        visitorId: visitor,
        widgetType: 'desktop',
        type: 'launch',
        productId: null,
        songId: null,
        sourceId: null,
        seconds: null,
        retailerId: null,
        currency: null,
      },
      {
        instanceId: published.id,
        brandId: brand.id,
        visitorId: visitor,
        widgetType: 'desktop',
        type: 'listen',
        productId: product.id,
        songId: song.id,
        sourceId: null,
        seconds: 12.5,
        retailerId: null,
        currency: null,
      },
      {
        instanceId: published.id,
        brandId: brand.id,
        visitorId: visitor,
        widgetType: 'desktop',
        type: 'play',
        productId: product.id,
        songId: song.id,
        sourceId: source.id,
        seconds: null,
        retailerId: null,
        currency: null,
      },
    ]);
    expect(rows.every((r) => Date.now() - r.createdAt.getTime() < 60_000)).toBe(true);
  });

  it('drops events of an unknown, unpublished or deleted instance, or naming what the instance does not list', async () => {
    const [unpublished, deleted] = await Promise.all([instance(0), instance(1, true)]);
    const visitor = (await launched(app.url, published.id)).visitor;
    const res = await post({
      visitor_id: visitor,
      token: backdated({ widget: 'desktop', instance: published.id, visitor }, 60),
      events: [
        { type: 'launch', instance_id: randomUUID() },
        { type: 'launch', instance_id: unpublished.id },
        { type: 'launch', instance_id: deleted.id },
        { type: 'play', instance_id: published.id, product_id: randomUUID() },
        { type: 'play', instance_id: published.id, song_id: randomUUID() },
        { type: 'play', instance_id: published.id, source_id: randomUUID() },
        { type: 'listen', instance_id: published.id, product_id: product.id, seconds: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accepted: 1, token: expect.any(String) });
    expect((await stored(visitor)).map((r) => [r.type, r.seconds])).toEqual([
      ['launch', null],
      ['listen', 3],
    ]);

    const none = await post({ visitor_id: randomUUID(), events: [{ type: 'launch', instance_id: randomUUID() }] });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ accepted: 0, token: null });
  });

  it('takes a text/plain body holding JSON (navigator.sendBeacon), and only on this route', async () => {
    const visitor = randomUUID();
    const batch = JSON.stringify({ visitor_id: visitor, events: [{ type: 'launch', instance_id: published.id }] });
    const res = await send(batch, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ accepted: 1, token: expect.any(String) });
    expect(await stored(visitor)).toHaveLength(1);

    const broken = await send('{"visitor_id":', { 'content-type': 'text/plain' });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('access-control-allow-origin')).toBe('*');
    expect(await broken.json()).toEqual({ code: 400, msg: MSG.malformedJson, data: null });
    expect((await send('', { 'content-type': 'text/plain' })).status).toBe(400);

    // Elsewhere text/plain stays refused.
    const elsewhere = await fetch(`${app.url}${API_BASE}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(415);
    // Other types are refused here too.
    expect((await send('visitor_id=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  });

  it('answers the CORS preflight', async () => {
    const res = await fetch(url(), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://brand.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('names the field of bad input', async () => {
    const visitor_id = randomUUID();
    const launch = { type: 'launch', instance_id: published.id };
    expectError(await post({ events: [launch] }), 400, 'visitor_id is required unless privacy is strict');
    expectError(await post({ visitor_id: 'me', events: [launch] }), 400, 'visitor_id must be a valid id');
    expectError(await post({ visitor_id }), 400, 'events is required');
    expectError(await post({ visitor_id, events: [] }), 400, 'events must be at least 1');
    expectError(
      await post({ visitor_id, events: Array(PLAYER_EVENTS_MAX + 1).fill(launch) }),
      400,
      `events must hold at most ${PLAYER_EVENTS_MAX} events`,
    );
    expectError(
      await post({ visitor_id, events: [launch, { ...launch, type: 'click' }] }),
      400,
      'events.1.type must be one of launch, play, listen, vote, abx, buy_click',
    );
    expectError(
      await post({ visitor_id, events: [{ ...launch, instance_id: 'x' }] }),
      400,
      'events.0.instance_id must be a valid id',
    );
    expectError(
      await post({ visitor_id, events: [{ ...launch, product_id: 'x' }] }),
      400,
      'events.0.product_id must be a valid id',
    );
    expectError(
      await post({ visitor_id, events: [{ ...launch, type: 'listen', seconds: '5' }] }),
      400,
      'events.0.seconds must be a number',
    );
    expectError(
      await post({ visitor_id, events: [{ ...launch, type: 'listen', seconds: -1 }] }),
      400,
      'events.0.seconds must be at least 0',
    );
    expectError(await post([launch]), 400, 'Request body must be a JSON object');
    // Nothing of a refused batch is stored.
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerEvents)
      .where(eq(playerEvents.visitorId, visitor_id));
    expect(n).toBe(0);
  });

  it('answers 429 once an address sends more batches than the limit in a minute', async () => {
    // The address has used all but two batches of this window.
    const key = eventsLimitKey('127.0.0.1');
    const max = LIMITS.playerEventsPerAddress.max;
    expect(max).toBe(120);
    await app.db
      .insert(rateLimits)
      .values({ key, windowStart: new Date(), count: max - 2, expiresAt: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { windowStart: new Date(), count: max - 2, expiresAt: new Date(Date.now() + 60_000) },
      });
    const batch = { visitor_id: randomUUID(), events: [{ type: 'launch', instance_id: published.id }] };
    expect((await post(batch)).status).toBe(200);
    expect((await post(batch)).status).toBe(200);
    const refused = await send(batch);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({ code: 429, msg: MSG.playerEventsTooMany, data: null });
    // Bad batches count too, and are refused the same way; so do batches whose events are all dropped.
    expectError(await post({}), 429, MSG.playerEventsTooMany);
    expectError(
      await post({ visitor_id: randomUUID(), events: [{ type: 'launch', instance_id: randomUUID() }] }),
      429,
      MSG.playerEventsTooMany,
    );
    expect(await stored(batch.visitor_id)).toHaveLength(2);
    // The public read is not limited by it.
    expect((await app.call('GET', `/widget/instances/${published.id}`)).status).toBe(200);
    await app.db.delete(rateLimits).where(eq(rateLimits.key, key));
  });
});
