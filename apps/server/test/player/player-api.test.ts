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
  DEFAULT_FREQUENCY_BANDS,
  DEFAULT_IMAGES,
  type InstanceFeatures,
  type InstanceProduct,
  type InstanceSong,
  MSG,
  type PlayerInstance,
  TOOLTIP_FEATURES,
} from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audios, instances, instruments, products, songs, tooltips } from '../../src/db/schema.ts';
import { writeSetting } from '../../src/modules/settings/service.ts';
import { DEFAULT_TOOLTIPS } from '../../src/modules/tooltips/defaults.ts';
import { makeBrand, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let brandA: { id: string; name: string };
let brandB: { id: string; name: string };

beforeAll(async () => {
  app = await startTestApp();
  [brandA, brandB] = await Promise.all([makeBrand(app.db, 'Alpha Mics'), makeBrand(app.db, 'Beta Audio')]);
});
afterAll(() => app.close());

type ProductValues = Partial<typeof products.$inferInsert>;

async function product(
  brandId: string,
  name: string,
  opts: { published?: 0 | 1; deleted?: boolean; thumbnail?: string; model?: string; values?: ProductValues } = {},
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
      ...opts.values,
    })
    .returning();
  return row;
}

const TEST_FEATURES: InstanceFeatures = {
  ...DEFAULT_FEATURES,
  listening_guide: { is_enable: 1, order: 3 },
  tech_specs: { is_enable: 1, order: 1 },
  images: { is_enable: 0, order: 5 },
  display_price: { is_enable: 0 },
};

async function instance(opts: {
  name?: string;
  published?: 0 | 1;
  deleted?: boolean;
  products?: InstanceProduct[];
  otherProducts?: InstanceProduct[];
  features?: Partial<InstanceFeatures>;
  sources?: InstanceSong[];
  mySources?: InstanceSong[];
}) {
  const [row] = await app.db
    .insert(instances)
    .values({
      brandId: brandA.id,
      name: opts.name ?? 'Studio Shootout',
      isPublished: opts.published ?? 1,
      isDeleted: opts.deleted ?? false,
      features: { ...TEST_FEATURES, ...opts.features },
      products: opts.products ?? [],
      otherProducts: opts.otherProducts ?? [],
      sources: opts.sources ?? [],
      mySources: opts.mySources ?? [],
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

async function song(name: string, opts: { deleted?: boolean; atk?: 0 | 1 } = {}) {
  const [row] = await app.db
    .insert(songs)
    .values({
      brandId: opts.atk ? null : brandA.id,
      name,
      songWriter: `${name} writer`,
      isAtk: opts.atk ?? 0,
      isDeleted: opts.deleted ?? false,
    })
    .returning();
  return row;
}

async function source(songId: string, name: string, opts: { deleted?: boolean } = {}) {
  const [row] = await app.db
    .insert(instruments)
    .values({ songId, name, performerName: `${name} player`, isDeleted: opts.deleted ?? false })
    .returning();
  return row;
}

/** An audio row of product × source, in the given state; a ready one has its processed results. */
async function audio(
  p: { id: string },
  i: { id: string; songId: string },
  status: 'uploaded' | 'processing' | 'ready' | 'failed' = 'ready',
) {
  const base = `https://files.test/audio/processed/${p.id}/${i.id}`;
  const ready = status === 'ready';
  const [row] = await app.db
    .insert(audios)
    .values({
      productId: p.id,
      songId: i.songId,
      instrumentId: i.id,
      name: 'take.wav',
      key: `audio/origin/${p.id}/${i.id}_1.wav`,
      url: `https://files.test/audio/origin/${p.id}/${i.id}_1.wav`,
      status,
      processedUrl: ready ? `${base}_2.mp3` : null,
      peaksUrl: ready ? `https://files.test/audio/peaks/${p.id}/${i.id}_2.json` : null,
      lufs: ready ? -18.5 : null,
      truePeak: ready ? -1.25 : null,
      durationMs: ready ? 22000 : null,
      sampleRate: ready ? 48000 : null,
    })
    .returning();
  return row;
}

const version = (p: { id: string }, i: { id: string }) => ({
  product_id: p.id,
  url: `https://files.test/audio/processed/${p.id}/${i.id}_2.mp3`,
  lufs: -18.5,
  true_peak: -1.25,
  peaks_url: `https://files.test/audio/peaks/${p.id}/${i.id}_2.json`,
  duration_ms: 22000,
  sample_rate: 48000,
});

/** An instance song entry: the song and its sources, each [instrument, is_active]. */
const entry = (
  s: { id: string },
  order: number,
  sources: [{ id: string }, 0 | 1][],
  is_active: 0 | 1 = 1,
): InstanceSong => ({
  song_id: s.id,
  is_active,
  order,
  instruments: sources.map(([i, active], n) => ({ instrument_id: i.id, is_active: active, order: n + 1 })),
});

const widgetUrl = (id: string) => `${app.url}${API_BASE}/widget/instances/${id}`;
const read = (id: string, headers: Record<string, string> = {}) => fetch(widgetUrl(id), { headers });
const readData = async (id: string) => {
  const res = await app.call<PlayerInstance>('GET', `/widget/instances/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
};

const DEFAULT_TOOLTIP_LIST = TOOLTIP_FEATURES.map((name, feature) => ({ feature, content: DEFAULT_TOOLTIPS[name] }));
const NO_IMAGES = { large: null, additional: [], group_360: Array(8).fill(null) };
const bare = { price: null, listening_guide: null, discography: [], tech_specs: null, frequency_graph: null };

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
    const item = (p: { id: string }, name: string, model: string, brand: string, thumbnail: string | null) => ({
      _id: p.id,
      name,
      model,
      brand_name: brand,
      thumbnail,
      images: NO_IMAGES,
      ...bare,
    });
    expect(body.data).toEqual({
      _id: row.id,
      name: 'Studio Shootout',
      brand_name: 'Alpha Mics',
      features: {
        ordered: ['tech_specs', 'listening_guide'],
        display_price: 0,
        products_in_player: 5,
        listener_votes: 0,
        abx_trials: 0,
        utm_tags: 0,
      },
      products: [
        item(first, 'First Slot', 'B-1', 'Beta Audio', 'https://cdn.test/first.png'),
        item(second, 'Second Slot', 'Second Slot model', 'Alpha Mics', null),
        item(plain, 'Plain', 'Plain model', 'Alpha Mics', 'https://cdn.test/plain.jpg'),
        item(other, 'Other Plain', 'Other Plain model', 'Beta Audio', null),
      ],
      // The inactive product's slot 3 does not count.
      featured: [first.id, second.id],
      songs: [],
      preparing: 0,
      buttons: DEFAULT_BUTTONS,
      image_order: ['group_360', 'additional'],
      // The default tooltips every database starts with, one per feature, and the default bands.
      tooltips: DEFAULT_TOOLTIP_LIST,
      frequency_bands: DEFAULT_FREQUENCY_BANDS,
      // No info page written yet.
      infos: { home: '', listening_tips: '', about_us: '', faq: '' },
    });

    // A stale or forged token does not get in the way of a visitor.
    const forged = await read(row.id, { authorization: 'Bearer forged-token-value' });
    expect(forged.status).toBe(200);
  });

  it('answers every section of a product whose feature is on, and leaves out those switched off', async () => {
    const img = (name: string) => ({ url: `https://cdn.test/${name}.jpg`, name: `${name}.jpg` });
    const techSpecs = { basic: { interface: ['XLR'], type: 'Condenser' }, data: { self_noise: '7 dB-A' } };
    const full = await product(brandA.id, 'Full', {
      values: {
        images: {
          thumbnail: img('thumb'),
          large: img('large'),
          additional_images: [
            { ...img('side'), order: 2 },
            { ...img('front'), order: 1 },
          ],
          group_360: [img('r0'), null, img('r2')],
        },
        price: {
          default: { currency: 'USD', price: 499, symbol: '$' },
          list: [{ currency: 'EUR', price: 459, symbol: '€' }],
        },
        listeningGuide: { content: '<h3>Listen</h3><p>Warm <strong>lows</strong>.</p>' },
        discography: [{ artist: 'The Band', song: 'Track', spotify_link: 'spotify:track:abc', tidal_link: null }],
        techSpecs,
        frequencyGraph: { url: 'https://cdn.test/graph.svg', name: 'graph.svg' },
      },
    });
    const on = { is_enable: 1 as const };
    const everything = await instance({
      name: 'Everything',
      products: [slot(full, 1, null)],
      features: {
        listening_guide: { ...on, order: 2 },
        discography: { ...on, order: 1 },
        frequency_graphs: { ...on, order: 3 },
        tech_specs: { ...on, order: 4 },
        images: { ...on, order: 5 },
        display_price: on,
      },
    });
    const data = await readData(everything.id);
    expect(data.features).toEqual({
      ordered: ['discography', 'listening_guide', 'frequency_graphs', 'tech_specs', 'images'],
      display_price: 1,
      products_in_player: 5,
      listener_votes: 0,
      abx_trials: 0,
      utm_tags: 0,
    });
    expect(data.products).toEqual([
      {
        _id: full.id,
        name: 'Full',
        model: 'Full model',
        brand_name: 'Alpha Mics',
        thumbnail: 'https://cdn.test/thumb.jpg',
        images: {
          large: 'https://cdn.test/large.jpg',
          additional: [img('front'), img('side')],
          group_360: ['https://cdn.test/r0.jpg', null, 'https://cdn.test/r2.jpg', null, null, null, null, null],
        },
        price: {
          default: { currency: 'USD', price: 499, symbol: '$' },
          list: [{ currency: 'EUR', price: 459, symbol: '€' }],
        },
        listening_guide: '<h3>Listen</h3><p>Warm <strong>lows</strong>.</p>',
        discography: [{ artist: 'The Band', song: 'Track', spotify_link: 'spotify:track:abc', tidal_link: null }],
        tech_specs: techSpecs,
        frequency_graph: { url: 'https://cdn.test/graph.svg', name: 'graph.svg' },
      },
    ]);

    // Features off and Display Price off: the sections and the price stay on the server; images are always given
    // (the large image is the product's picture; the images feature decides whether the gallery shows).
    const off = { is_enable: 0 as const };
    const nothing = await instance({
      name: 'Nothing',
      products: [slot(full, 1, null)],
      features: {
        listening_guide: { ...off, order: 1 },
        discography: { ...off, order: 2 },
        frequency_graphs: { ...off, order: 3 },
        tech_specs: { ...off, order: 4 },
        images: { ...off, order: 5 },
        display_price: off,
      },
    });
    const [p] = (await readData(nothing.id)).products;
    expect(p).toMatchObject(bare);
    expect(p.images.additional).toHaveLength(2);
  });

  it('answers the active songs and sources in order, each source with the ready versions in product order', async () => {
    const featured = await product(brandA.id, 'Featured');
    const plain = await product(brandB.id, 'Plain Other');
    const hidden = await product(brandA.id, 'Hidden', { published: 0 });
    const first = await song('First Song');
    const [guitar, vocal, bass, muted, gone] = await Promise.all([
      source(first.id, 'Guitar'),
      source(first.id, 'Vocal'),
      source(first.id, 'Bass'),
      source(first.id, 'Muted'),
      source(first.id, 'Gone', { deleted: true }),
    ]);
    const atk = await song('Platform Song', { atk: 1 });
    const keys = await source(atk.id, 'Keys');
    const inactiveSong = await song('Inactive Song');
    const inactiveSource = await source(inactiveSong.id, 'Drums');
    const deletedSong = await song('Deleted Song', { deleted: true });
    const deletedSource = await source(deletedSong.id, 'Piano');
    const silent = await song('Silent Song');
    const silentSource = await source(silent.id, 'Whistle');
    const own = await song('My Song');
    const ownSource = await source(own.id, 'Cello');

    await Promise.all([
      // guitar: both products ready, and the unpublished product's (not in the player)
      audio(featured, guitar),
      audio(plain, guitar),
      audio(hidden, guitar),
      // vocal: one ready, one still processing
      audio(plain, vocal),
      audio(featured, vocal, 'processing'),
      // bass: nothing ready, so the source is left out
      audio(featured, bass, 'failed'),
      audio(plain, bass, 'uploaded'),
      audio(featured, muted),
      audio(featured, gone),
      audio(featured, keys),
      audio(featured, inactiveSource),
      audio(featured, deletedSource),
      audio(featured, ownSource),
    ]);

    const sources = [
      entry(atk, 2, [[keys, 1]]),
      entry(first, 1, [
        [vocal, 1],
        [bass, 1],
        [muted, 0],
        [gone, 1],
        [guitar, 1],
      ]),
      entry(inactiveSong, 3, [[inactiveSource, 1]], 0),
      entry(deletedSong, 4, [[deletedSource, 1]]),
      entry(silent, 5, [[silentSource, 1]]),
    ];
    // my_sources repeat a song of sources: it is offered once, where sources put it.
    const mySources = [entry(first, 1, [[muted, 1]]), entry(own, 2, [[ownSource, 1]])];
    // The featured product (slot 1) comes first in every list, though listed last.
    const instanceOf = (myAudio: 0 | 1) =>
      instance({
        products: [slot(hidden, 1, null), slot(featured, 1, 1)],
        otherProducts: [slot(plain, 1, null)],
        features: { my_audio: { is_enable: myAudio } },
        sources,
        mySources,
      });

    const expected = [
      {
        _id: first.id,
        name: 'First Song',
        song_writer: 'First Song writer',
        is_atk: 0,
        sources: [
          { _id: vocal.id, name: 'Vocal', performer: 'Vocal player', versions: [version(plain, vocal)] },
          {
            _id: guitar.id,
            name: 'Guitar',
            performer: 'Guitar player',
            versions: [version(featured, guitar), version(plain, guitar)],
          },
        ],
      },
      {
        _id: atk.id,
        name: 'Platform Song',
        song_writer: 'Platform Song writer',
        is_atk: 1,
        sources: [{ _id: keys.id, name: 'Keys', performer: 'Keys player', versions: [version(featured, keys)] }],
      },
    ];
    const withoutMyAudio = await readData((await instanceOf(0)).id);
    expect(withoutMyAudio.products.map((p) => p._id)).toEqual([featured.id, plain.id]);
    expect(withoutMyAudio.featured).toEqual([featured.id]);
    expect(withoutMyAudio.songs).toEqual(expected);
    // The featured product's vocal is processing and the plain one's bass uploaded: being prepared.
    expect(withoutMyAudio.preparing).toBe(1);

    // With My Audio on, the brand's own songs follow.
    const withMyAudio = await readData((await instanceOf(1)).id);
    expect(withMyAudio.songs).toEqual([
      ...expected,
      {
        _id: own.id,
        name: 'My Song',
        song_writer: 'My Song writer',
        is_atk: 0,
        sources: [
          { _id: ownSource.id, name: 'Cello', performer: 'Cello player', versions: [version(featured, ownSource)] },
        ],
      },
    ]);
  });

  it('offers at most Products in Player products, and only their versions', async () => {
    const [one, two, three] = await Promise.all([
      product(brandA.id, 'One'),
      product(brandA.id, 'Two'),
      product(brandA.id, 'Three'),
    ]);
    const s = await song('Capped Song');
    const i = await source(s.id, 'Voice');
    await Promise.all([audio(one, i), audio(two, i), audio(three, i)]);
    const row = await instance({
      products: [slot(one, 1, null), slot(two, 1, null), slot(three, 1, 2)],
      features: { products_in_player: { max_num: 2 } },
      sources: [entry(s, 1, [[i, 1]])],
    });
    const data = await readData(row.id);
    expect(data.features.products_in_player).toBe(2);
    expect(data.products.map((p) => p._id)).toEqual([three.id, one.id]);
    expect(data.featured).toEqual([three.id]);
    expect(data.songs[0].sources[0].versions.map((v) => v.product_id)).toEqual([three.id, one.id]);
    expect(data.preparing).toBe(0);

    // 99999 is No limit.
    await app.db
      .update(instances)
      .set({ features: { ...TEST_FEATURES, products_in_player: { max_num: 99999 } } })
      .where(eq(instances.id, row.id));
    const all = await readData(row.id);
    expect(all.features.products_in_player).toBe(99999);
    expect(all.products.map((p) => p._id)).toEqual([three.id, one.id, two.id]);
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

  it('answers an instance without products with empty lists', async () => {
    const row = await instance({ name: 'Empty' });
    const data = await readData(row.id);
    expect(data.products).toEqual([]);
    expect(data.featured).toEqual([]);
    expect(data.songs).toEqual([]);
  });

  it("answers the tooltips not deleted, by feature, and the operators' frequency bands over the defaults", async () => {
    const row = await instance({ name: 'Tips' });
    await app.db.update(tooltips).set({ isDeleted: true }).where(eq(tooltips.feature, 1));
    await app.db.insert(tooltips).values({ feature: 0, content: 'A second gear tip.' });
    await writeSetting(app.db, 'freq_graph', {
      sub: { min: 10, max: 50, desc: 'Deep.' },
      // saved as text by an older client: still numbers
      low: { min: '50', max: '200', desc: 'Low.' },
      // malformed: the default stays
      mid: { min: 'x', max: 2000 },
    });
    const data = await readData(row.id);
    expect(data.tooltips).toEqual([
      DEFAULT_TOOLTIP_LIST[0],
      { feature: 0, content: 'A second gear tip.' },
      ...DEFAULT_TOOLTIP_LIST.slice(2),
    ]);
    expect(data.frequency_bands).toEqual({
      ...DEFAULT_FREQUENCY_BANDS,
      sub: { min: 10, max: 50, desc: 'Deep.' },
      low: { min: 50, max: 200, desc: 'Low.' },
    });
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
