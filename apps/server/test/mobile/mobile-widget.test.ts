/**
 * The mobile widget's public read (GET /widget/mobile_instances/{id}) and the demo mobile instance: a fresh start
 * has a published mobile instance of the demo products, set as the mobile landing instance, whose read offers the
 * demo song once its audio is processed. Real HTTP against the real app, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_FREQUENCY_BANDS, DEFAULT_MOBILE_MENU, type MobilePlayerInstance, MSG } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/bootstrap/demo/accounts.ts';
import { DEMO_SONG } from '../../src/bootstrap/demo/content.ts';
import { MICROPHONES } from '../../src/bootstrap/demo/microphones.ts';
import { DEMO_MOBILE_INSTANCE } from '../../src/bootstrap/demo/mobile.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { mobileInstances } from '../../src/db/schema.ts';
import { slotsOf } from '../../src/modules/mobile-widget/service.ts';
import { sanitizeRichText } from '../../src/platform/html.ts';
import { type DemoApp, startDemoApp } from '../support/demo-app.ts';

let demo: DemoApp;
beforeAll(async () => {
  demo = await startDemoApp();
}, 60_000);
afterAll(() => demo?.close());

const get = async <T>(p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${demo.base}${p}`, { headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as { code: number; msg: string; data: T },
  };
};
const landingId = async () =>
  (await get<{ content: { instance: { _id: string } | null } }>('/widget/settings/mobile_landing_instance')).body.data
    .content.instance?._id as string;

describe('the demo mobile instance', () => {
  it('is the mobile landing instance, published, and its read says the audio is being prepared', async () => {
    const id = await landingId();
    expect(id).toBeTruthy();
    const res = await get<MobilePlayerInstance>(`/widget/mobile_instances/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const mobile = res.body.data;
    expect(mobile).toMatchObject({ _id: id, name: DEMO_MOBILE_INSTANCE, preparing: 1, songs: [] });
    // Every demo product, active; the first three featured in positions 1–3 are the slots, in that order.
    expect(mobile.products.map((p) => p.name)).toEqual(MICROPHONES.map((m) => m.name));
    expect(mobile.slots).toEqual(mobile.products.slice(0, 3).map((p) => p._id));
    // Nothing saved yet: the defaults.
    expect(mobile.menu).toEqual(DEFAULT_MOBILE_MENU);
    expect(mobile.infos).toEqual({ listening_tips: '', about_us: '', faq: '' });
    expect(mobile.frequency_bands).toEqual(DEFAULT_FREQUENCY_BANDS);
    expect(mobile.retailers).toEqual([]);
  });

  it('offers the demo song with every product on both sources once the audio is ready; cached a minute', async () => {
    await demo.process();
    const id = await landingId();
    const res = await get<MobilePlayerInstance>(`/widget/mobile_instances/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const mobile = res.body.data;
    expect(mobile.preparing).toBe(0);
    expect(mobile.songs.map((s) => s.name)).toEqual([DEMO_SONG]);
    const [song] = mobile.songs;
    expect(song.sources.map((s) => s.name)).toEqual(['Acoustic Guitar', 'Vocal']);
    for (const source of song.sources) {
      expect(source.versions.map((v) => v.product_id)).toEqual(mobile.products.map((p) => p._id));
      for (const v of source.versions) expect(v).toMatchObject({ url: expect.any(String), lufs: expect.any(Number) });
    }
    // The desktop read's product mapping, every section shown (the widget's menu decides what is offered).
    const [first] = mobile.products;
    expect(first.brand_name).toBe('Demo Audio');
    expect(first.images.group_360).toHaveLength(8);

    // An unchanged answer revalidates to a bodiless 304.
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);
    const again = await get(`/widget/mobile_instances/${id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  }, 120_000);

  it('answers one 404, with CORS, for a malformed, unknown or unpublished id', async () => {
    for (const id of ['x', randomUUID(), "1' or '1'='1"]) {
      const res = await get(`/widget/mobile_instances/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(MSG.instanceNotFound);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    // A desktop instance's id is not a mobile instance.
    const desktop = (await get<{ content: { instance: { _id: string } } }>('/widget/settings/landing_instance')).body
      .data.content.instance._id;
    expect((await get(`/widget/mobile_instances/${desktop}`)).status).toBe(404);
  });

  it('goes in once per database', async () => {
    await seed(demo.database.db, { demo: true });
    expect(await demo.database.db.select().from(mobileInstances)).toHaveLength(1);
  });
});

describe('the slots', () => {
  const c = (id: string, f: Partial<Parameters<typeof slotsOf>[0][number]> = {}) => ({
    id,
    isFeatured: 1,
    featuredOrder: null,
    playerPosition: null,
    placementPriority: null,
    ...f,
  });
  it('puts featured products in their positions, the others into free slots by priority, then featured order', () => {
    expect(
      slotsOf([
        c('a', { featuredOrder: 1 }),
        c('b', { playerPosition: 2 }),
        c('c', { placementPriority: 1, featuredOrder: 3 }),
        c('d', { isFeatured: 0 }),
      ]),
    ).toEqual(['c', 'b', 'a']);
    expect(slotsOf([c('a', { featuredOrder: 2 }), c('b', { featuredOrder: 1 })])).toEqual(['b', 'a']);
    expect(slotsOf([c('a', { playerPosition: 3 })])).toEqual(['a']);
  });
  it('takes the first active products when none is featured', () => {
    expect(slotsOf(['a', 'b', 'c', 'd'].map((id) => c(id, { isFeatured: 0 })))).toEqual(['a', 'b', 'c']);
  });
});

describe('the read of a mobile instance the operator changes (through the atk API)', () => {
  let atk: string;
  beforeAll(async () => {
    atk = await demo.token(DEMO_ACCOUNTS.find((a) => a.role === 'atk')?.email as string);
  });
  /** A call under /api/v1 as the atk operator. */
  const v1 = async <T>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`${demo.origin}/api/v1${p}`, {
      method,
      headers: {
        authorization: `Bearer ${atk}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
  };
  const expectNotFound = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(MSG.instanceNotFound);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  };

  it('answers 404 once unpublished (also to a reader holding its ETag), and again 200 once published', async () => {
    const name = `Phone ${randomUUID().slice(0, 6)}`;
    const made = await v1<{ _id: string }>('POST', '/admin/mobile_instances', { general: { name, is_published: 1 } });
    expect(made.body.msg).toBe(MSG.createInstanceSuccess);
    const id = made.body.data._id;
    const shown = await get<MobilePlayerInstance>(`/widget/mobile_instances/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ _id: id, name });

    const publish = (is_published: 0 | 1) =>
      v1('PUT', `/atk/mobile/instances/${id}`, { general: { name, is_published } });
    expect((await publish(0)).body.msg).toBe(MSG.updateSuccess);
    expectNotFound(await get(`/widget/mobile_instances/${id}`));
    // A widget that read it while published does not get a 304 for what is no longer offered.
    expectNotFound(
      await get(`/widget/mobile_instances/${id}`, { 'if-none-match': shown.headers.get('etag') as string }),
    );

    expect((await publish(1)).body.msg).toBe(MSG.updateSuccess);
    expect((await get(`/widget/mobile_instances/${id}`)).status).toBe(200);
  });

  it("carries the instance's image order as its Images tab saved it (the gallery IMAGES shows first)", async () => {
    const name = `Images ${randomUUID().slice(0, 6)}`;
    const made = await v1<{ _id: string }>('POST', '/admin/mobile_instances', { general: { name, is_published: 1 } });
    const id = made.body.data._id;
    const read = async () => (await get<MobilePlayerInstance>(`/widget/mobile_instances/${id}`)).body.data.image_order;
    // The default: the 360° view first.
    expect(await read()).toEqual(['group_360', 'additional']);
    const saved = await v1('PUT', `/atk/mobile/instances/${id}`, {
      images: [
        { code: 'group_360', name: '360° Group', order: 2 },
        { code: 'additional', name: 'Additional Image', order: 1 },
      ],
    });
    expect(saved.body.msg).toBe(MSG.updateSuccess);
    expect(await read()).toEqual(['additional', 'group_360']);
  });

  it('answers 404 for an unknown id', async () => {
    expectNotFound(await get(`/widget/mobile_instances/${randomUUID()}`));
  });

  it('carries the info pages as saved in Widget Content, sanitised (a script saved is not in the read)', async () => {
    const dirty = {
      listening_tips:
        '<h3>Before you listen</h3><p>Use <strong>headphones</strong>.</p><script>window.hacked = 1</script>',
      about_us: '',
      faq: '<p><a href="javascript:alert(1)" onclick="x()">Why?</a> <img src=x onerror="window.hacked = 2">Because.</p>',
    };
    const saved = await v1<{ content: MobilePlayerInstance['infos'] }>(
      'PUT',
      '/atk_player/admin/settings/mobile_infos',
      {
        content: dirty,
      },
    );
    expect(saved.body.msg).toBe(MSG.updateSuccess);
    const read = await get<MobilePlayerInstance>(`/widget/mobile_instances/${await landingId()}`);
    expect(read.status).toBe(200);
    const { infos } = read.body.data;
    // What the operator's console reads back is what the widget gets, and it is the allow-list's output.
    expect(infos).toEqual(saved.body.data.content);
    expect(infos).toEqual({
      listening_tips: sanitizeRichText(dirty.listening_tips),
      about_us: '',
      faq: sanitizeRichText(dirty.faq),
    });
    expect(infos.listening_tips).toBe('<h3>Before you listen</h3><p>Use <strong>headphones</strong>.</p>');
    for (const html of Object.values(infos)) expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
    expect(infos.faq).toContain('Because.');
  });
});
