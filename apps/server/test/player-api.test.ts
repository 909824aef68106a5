/**
 * The embeddable player's public read (GET /widget/instances/{id}) and the player's static files
 * (/player/atk-player.js, .css): no token, readable from any origin, cacheable.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  DEFAULT_BUTTONS,
  DEFAULT_FEATURES,
  DEFAULT_IMAGES,
  type InstanceProduct,
  MSG,
  type PlayerInstance,
} from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances, products } from '../src/db/schema.ts';
import { makeBrand, startTestApp, type TestApp } from './harness.ts';

let app: TestApp;
let brandA: { id: string; name: string };
let brandB: { id: string; name: string };

beforeAll(async () => {
  app = await startTestApp();
  [brandA, brandB] = await Promise.all([makeBrand(app.db, 'Alpha Mics'), makeBrand(app.db, 'Beta Audio')]);
});
afterAll(() => app.close());

async function product(
  brandId: string,
  name: string,
  opts: { published?: 0 | 1; deleted?: boolean; thumbnail?: string; model?: string } = {},
) {
  const [row] = await app.db
    .insert(products)
    .values({
      brandId,
      name,
      model: opts.model ?? `${name} model`,
      isPublished: opts.published ?? 1,
      isDeleted: opts.deleted ?? false,
      images: opts.thumbnail ? { thumbnail: { url: opts.thumbnail, name: 'thumb.jpg' } } : null,
    })
    .returning();
  return row;
}

async function instance(opts: {
  name?: string;
  published?: 0 | 1;
  deleted?: boolean;
  products?: InstanceProduct[];
  otherProducts?: InstanceProduct[];
}) {
  const [row] = await app.db
    .insert(instances)
    .values({
      brandId: brandA.id,
      name: opts.name ?? 'Studio Shootout',
      isPublished: opts.published ?? 1,
      isDeleted: opts.deleted ?? false,
      features: {
        ...DEFAULT_FEATURES,
        listening_guide: { is_enable: 1, order: 3 },
        tech_specs: { is_enable: 1, order: 1 },
        images: { is_enable: 0, order: 5 },
        display_price: { is_enable: 0 },
      },
      products: opts.products ?? [],
      otherProducts: opts.otherProducts ?? [],
      images: DEFAULT_IMAGES,
      buttons: DEFAULT_BUTTONS,
    })
    .returning();
  return row;
}

const slot = (p: { id: string; brandId: string }, is_active: 0 | 1, order: number | null): InstanceProduct => ({
  product_id: p.id,
  brand_id: p.brandId,
  is_active,
  order,
});

const widgetUrl = (id: string) => `${app.url}${API_BASE}/widget/instances/${id}`;
const read = (id: string, headers: Record<string, string> = {}) => fetch(widgetUrl(id), { headers });

describe('GET /widget/instances/{id}', () => {
  it("answers a published instance's active, published products, featured slots first, without a token", async () => {
    const plain = await product(brandA.id, 'Plain', { thumbnail: 'https://cdn.test/plain.jpg' });
    const second = await product(brandA.id, 'Second Slot');
    const inactive = await product(brandA.id, 'Inactive');
    const unpublished = await product(brandA.id, 'Unpublished', { published: 0 });
    const deleted = await product(brandA.id, 'Deleted', { deleted: true });
    const first = await product(brandB.id, 'First Slot', { thumbnail: 'https://cdn.test/first.png', model: 'B-1' });
    const other = await product(brandB.id, 'Other Plain');
    const row = await instance({
      products: [
        slot(plain, 1, null),
        slot(second, 1, 2),
        slot(inactive, 0, 3),
        slot(unpublished, 1, null),
        slot(deleted, 1, null),
      ],
      otherProducts: [slot(first, 1, 1), slot(other, 1, null)],
    });

    const res = await read(row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const body = (await res.json()) as { code: number; msg: string; data: PlayerInstance };
    expect(body.code).toBe(200);
    expect(body.data).toEqual({
      _id: row.id,
      name: 'Studio Shootout',
      brand_name: 'Alpha Mics',
      features: { ordered: ['tech_specs', 'listening_guide'], display_price: 0 },
      products: [
        {
          _id: first.id,
          name: 'First Slot',
          model: 'B-1',
          brand_name: 'Beta Audio',
          thumbnail: 'https://cdn.test/first.png',
        },
        { _id: second.id, name: 'Second Slot', model: 'Second Slot model', brand_name: 'Alpha Mics', thumbnail: null },
        {
          _id: plain.id,
          name: 'Plain',
          model: 'Plain model',
          brand_name: 'Alpha Mics',
          thumbnail: 'https://cdn.test/plain.jpg',
        },
        { _id: other.id, name: 'Other Plain', model: 'Other Plain model', brand_name: 'Beta Audio', thumbnail: null },
      ],
    });

    // A stale or forged token does not get in the way of a visitor.
    const forged = await read(row.id, { authorization: 'Bearer forged-token-value' });
    expect(forged.status).toBe(200);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the instance changes', async () => {
    const row = await instance({ name: 'Cached', products: [slot(await product(brandA.id, 'Cached One'), 1, 1)] });
    const first = await read(row.id);
    const etag = first.headers.get('etag') as string;
    expect(first.status).toBe(200);

    const again = await read(row.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect((await read(row.id, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await read(row.id, { 'if-none-match': '"something-else"' })).status).toBe(200);

    await app.db.update(instances).set({ name: 'Cached, renamed' }).where(eq(instances.id, row.id));
    const changed = await read(row.id, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { data: PlayerInstance }).data.name).toBe('Cached, renamed');
  });

  it('answers 404 Instance not found for an unpublished, deleted, unknown or malformed instance', async () => {
    const unpublished = await instance({ published: 0 });
    const deleted = await instance({ deleted: true });
    for (const id of [unpublished.id, deleted.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await read(id);
      expect(res.status).toBe(404);
      // Readable cross-origin, so the element can say 'not available' rather than 'network error'.
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toEqual({ code: 404, msg: MSG.instanceNotFound, data: null });
    }
  });

  it('answers an instance without products with an empty list', async () => {
    const row = await instance({ name: 'Empty' });
    const res = await app.call<PlayerInstance>('GET', `/widget/instances/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([]);
  });
});

describe('the player files (/player/*)', () => {
  let site: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dist, 'player'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'player', 'atk-player.js'), 'customElements.define("atk-player", class {});');
    writeFileSync(path.join(dist, 'player', 'atk-player.css'), 'atk-player{display:contents}');
    site = await startTestApp({ consoleDist: dist });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the script and the style file to any origin, cached 5 minutes then revalidated', async () => {
    for (const [file, type] of [
      ['atk-player.js', /javascript/],
      ['atk-player.css', /text\/css/],
    ] as const) {
      const res = await fetch(`${site.url}/player/${file}`, { headers: { origin: 'https://brand.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const etag = res.headers.get('etag') as string;
      expect(etag).toBeTruthy();
      // (fetch adds `cache-control: no-cache` to a hand-made conditional request unless one is given)
      const revalidated = await fetch(`${site.url}/player/${file}`, {
        headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
      });
      expect(revalidated.status).toBe(304);
    }
  });

  it('answers 404 for a missing player file instead of the console page', async () => {
    const res = await fetch(`${site.url}/player/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, msg: MSG.routeNotFound, data: null });
    // Other paths still fall back to the console.
    const page = await fetch(`${site.url}/client/guide`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
  });
});
