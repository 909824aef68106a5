import { randomUUID } from 'node:crypto';
import { MSG, type Product, productEndpoints, TECH_LIMITS } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminOnly, expectError, expectOk } from '../support/assertions.ts';
import { makeUser, type TestApp } from '../support/harness.ts';
import { platformSong, startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

type List = {
  list: { _id: string; general: { name: string; brand_id: string; is_published: number } }[];
  total_num: number;
};

async function createProduct(token: string, general: Record<string, unknown> = {}, prefix = '') {
  const res = await app.call<Product>('POST', `${prefix}/products`, {
    token,
    body: { general: { name: 'U 87 Ai', model: 'U87', category_id: t.category.id, ...general } },
  });
  expectOk(res, MSG.createProductSuccess);
  return res.body.data;
}

const save = (token: string, id: string, type: string, content: unknown, prefix = '') =>
  app.call<Product>('PUT', `${prefix}/products/${id}`, { token, body: { type, content } });

describe('products: access', () => {
  it('401 without a token, 403 for atk and for a customer on /admin paths', async () => {
    expectError(await app.call('GET', '/products'), 401, MSG.unauthorized);
    expectError(await app.call('POST', '/products', { body: { general: { name: 'x' } } }), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/products', { token: t.users.atk.token }), 403, MSG.forbidden);
    expectError(await app.call('GET', '/admin/products', { token: t.a.token }), 403, MSG.forbidden);
    await expectAdminOnly(app, t.users, 'POST', '/admin/products/import', {
      customer_id: randomUUID(),
      brand_id: randomUUID(),
    });
  });

  it("another brand's product is a 404 for read and every section", async () => {
    const { product, products, updateProduct } = productEndpoints;
    const theirs = await createProduct(t.b.token, { name: 'Brand B mic' });
    const params = { id: theirs._id };
    const token = t.a.token;
    expectError(await app.send(product.own, { token, params }), 404, MSG.productNotFound);
    const general = { name: 'mine', category_id: t.category.id };
    const sections = [
      { type: 'general' as const, content: general },
      { type: 'songs' as const, content: [] },
    ];
    for (const body of sections) {
      expectError(await app.send(updateProduct.own, { token, params, body }), 404, MSG.productNotFound);
    }
    const listed = (query: object) => app.send(products.own, { token, query });
    expect((await listed({ name: 'Brand B mic' })).body.data.total_num).toBe(0);
    // The other brands' picker shows it only when published.
    expect((await listed({ all_brand: 1, name: 'Brand B mic' })).body.data.total_num).toBe(0);
    const published = { name: 'Brand B mic', is_published: 1, category_id: t.category.id } as const;
    expectOk(
      await app.send(updateProduct.own, { token: t.b.token, params, body: { type: 'general', content: published } }),
      MSG.updateSuccess,
    );
    const shown = await listed({ all_brand: 1, name: 'Brand B mic' });
    expect(shown.body.data.list.map((p) => p._id)).toEqual([theirs._id]);
  });
});

describe('products: create, list, read', () => {
  it("a customer's product belongs to its master brand, starts pending and lists 20 a page", async () => {
    const p = await createProduct(t.a.token, { brand_id: t.brandB.id, name: 'Listed Mic' });
    expect(p.general).toMatchObject({
      name: 'Listed Mic',
      model: 'U87',
      brand_id: t.brandA.id,
      brand_name: t.brandA.name,
      is_published: 0,
    });
    for (let i = 0; i < 21; i++) await createProduct(t.a.token, { name: `Paged ${String(i).padStart(2, '0')}` });
    const page1 = await app.call<List>('GET', '/products?page_num=1&page_size=20&name=paged', { token: t.a.token });
    expect(page1.body.data.total_num).toBe(21);
    expect(page1.body.data.list).toHaveLength(20);
    const page2 = await app.call<List>('GET', '/products?page_num=2&page_size=20&name=paged', { token: t.a.token });
    expect(page2.body.data.list).toHaveLength(1);
    const pending = await app.call<List>('GET', '/products?is_published=false&name=Listed', { token: t.a.token });
    expect(pending.body.data.list.map((x) => x.general.name)).toEqual(['Listed Mic']);
    const active = await app.call<List>('GET', '/products?is_published=true&name=Listed', { token: t.a.token });
    expect(active.body.data.total_num).toBe(0);
    const read = await app.call<Product>('GET', `/products/${p._id}`, { token: t.a.token });
    expect(read.body.data).toMatchObject({ _id: p._id, songs: [], audio: [], discography: [] });
  });

  it('admins create for a brand and list one brand', async () => {
    const admin = t.users.global_admin.token;
    expectError(
      await app.call('POST', '/admin/products', {
        token: admin,
        body: { general: { name: 'x', category_id: t.category.id } },
      }),
      400,
      'brand_id is required',
    );
    expectError(
      await app.call('POST', '/admin/products', {
        token: admin,
        body: { general: { name: 'x', brand_id: randomUUID(), category_id: t.category.id } },
      }),
      404,
      MSG.brandNotFound,
    );
    const p = await createProduct(admin, { brand_id: t.brandB.id, name: 'Admin Made' }, '/admin');
    expect(p.general.brand_id).toBe(t.brandB.id);
    const list = await app.call<List>('GET', `/admin/products?brand_id=${t.brandB.id}&name=Admin`, { token: admin });
    expect(list.body.data.list.map((x) => x._id)).toEqual([p._id]);
    expect((await app.call('GET', `/admin/products/${p._id}`, { token: admin })).status).toBe(200);
  });

  it('a list already seen follows every change at once: a save, a rename of the brand, a write from elsewhere', async () => {
    const p = await createProduct(t.a.token, { name: 'Fresh Name' });
    const names = async (q: string) =>
      (await app.call<List>('GET', `/products?${q}`, { token: t.a.token })).body.data.list.map((x) => x.general);
    expect((await names('name=fresh')).map((g) => g.name)).toEqual(['Fresh Name']);
    expect((await names('name=fresh')).map((g) => g.name)).toEqual(['Fresh Name']);
    expectOk(
      await save(t.a.token, p._id, 'general', { name: 'Fresher Name', is_published: 1, category_id: t.category.id }),
      MSG.updateSuccess,
    );
    expect(await names('name=fresh')).toMatchObject([{ name: 'Fresher Name', is_published: 1 }]);
    // Written by another process, straight to the database: the triggers still move the list's version.
    await app.db.execute(sql`update products set name = 'Freshest Name' where id = ${p._id}`);
    expect((await names('name=fresh')).map((g) => g.name)).toEqual(['Freshest Name']);
    const admin = t.users.global_admin.token;
    const renamed = `Renamed ${randomUUID().slice(0, 6)}`;
    expect(
      (await app.call('PUT', `/admin/brands/${t.brandA.id}`, { token: admin, body: { name: renamed } })).status,
    ).toBe(200);
    expect((await names('name=fresh'))[0]).toMatchObject({ brand_name: renamed });
    await app.call('PUT', `/admin/brands/${t.brandA.id}`, { token: admin, body: { name: t.brandA.name } });
  });

  it('names the field of bad input', async () => {
    expectError(
      await app.call('POST', '/products', { token: t.a.token, body: { general: {} } }),
      400,
      'general.name is required',
    );
    expectError(await app.call('POST', '/products', { token: t.a.token, body: {} }), 400, 'general is required');
    expectError(
      await app.call('POST', '/products', {
        token: t.a.token,
        body: { general: { name: 'x', category_id: randomUUID() } },
      }),
      404,
      MSG.categoryNotFound,
    );
    expectError(await app.call('GET', '/products/not-an-id', { token: t.a.token }), 400, 'id must be a valid id');
  });

  it('refuses a product without a category, on create and on a General save, for brands and operators', async () => {
    // A product without a category never reaches its brand's players (docs/api.md "Products").
    const missing = { path: ['general', 'category_id'], reason: 'required', message: 'is required' };
    const admin = t.users.global_admin.token;
    const asBrand = { name: 'No cat', is_published: 1 };
    const asAdmin = { ...asBrand, brand_id: t.brandA.id };
    for (const [token, prefix, general] of [
      [t.a.token, '', asBrand],
      [admin, '/admin', asAdmin],
    ] as const) {
      for (const category_id of [undefined, null, '']) {
        const res = await app.call('POST', `${prefix}/products`, {
          token,
          body: { general: { ...general, category_id } },
        });
        expectError(res, 400, 'general.category_id is required');
        expect(res.body.data).toEqual({ errors: [missing] });
      }
      const made = await createProduct(token, { ...general, name: `Has cat${prefix}` }, prefix);
      expect(made.general.category_id).toBe(t.category.id);
      const { name, is_published } = general;
      for (const content of [
        { name, is_published },
        { name, is_published, category_id: null },
      ]) {
        const res = await save(token, made._id, 'general', content, prefix);
        expectError(res, 400, 'content.category_id is required');
        expect(res.body.data).toEqual({ errors: [{ ...missing, path: ['content', 'category_id'] }] });
      }
      const read = await app.call<Product>('GET', `${prefix}/products/${made._id}`, { token });
      expect(read.body.data.general).toMatchObject({ name: `Has cat${prefix}`, category_id: t.category.id });
    }
  });
});

describe('products: sections (PUT /products/{id} {type, content})', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createProduct(t.a.token, { name: 'Section Mic' }))._id;
  });
  const read = async () => (await app.call<Product>('GET', `/products/${id}`, { token: t.a.token })).body.data;

  it('general: saves and reads back; a sub category must belong to the category', async () => {
    const admin = t.users.global_admin.token;
    const cat = (
      await app.call<{ _id: string }>('POST', '/admin/categories', {
        token: admin,
        body: { name: 'Mics', is_published: 1 },
      })
    ).body.data;
    const other = (
      await app.call<{ _id: string }>('POST', '/admin/categories', { token: admin, body: { name: 'Other' } })
    ).body.data;
    const sub = (
      await app.call<{ _id: string }>('POST', '/admin/sub_categories', {
        token: admin,
        body: { name: 'LDC', category_id: cat._id },
      })
    ).body.data;
    expectOk(
      await save(t.a.token, id, 'general', {
        name: 'Section Mic II',
        model: 'SM2',
        is_published: 1,
        category_id: cat._id,
        sub_category_id: sub._id,
      }),
      MSG.updateSuccess,
    );
    expect((await read()).general).toMatchObject({
      name: 'Section Mic II',
      model: 'SM2',
      is_published: 1,
      category_id: cat._id,
      sub_category_id: sub._id,
    });
    expectError(
      await save(t.a.token, id, 'general', { name: 'x', category_id: other._id, sub_category_id: sub._id }),
      404,
      MSG.subCategoryNotFound,
    );
    expectError(
      await save(t.a.token, id, 'general', { name: 'x', brand_id: t.brandB.id, category_id: t.category.id }),
      400,
      'brand_id cannot be changed',
    );
  });

  it('price, images, frequency graph: saved as sent', async () => {
    const price = {
      default: { currency: 'USD', price: 1299.99, symbol: '$' },
      list: [{ currency: 'EUR', price: 1199, symbol: '€' }],
    };
    expectOk(await save(t.a.token, id, 'price', price), MSG.updateSuccess);
    const images = {
      thumbnail: { url: 'https://cdn.example/t.png', name: 't.png' },
      large: null,
      additional_images: [{ url: 'https://cdn.example/a.png', name: 'a.png', order: 1 }],
      group_360: Array.from({ length: 8 }, (_, i) => ({ url: `https://cdn.example/360-${i}.png`, name: `${i}.png` })),
    };
    expectOk(await save(t.a.token, id, 'images', images), MSG.updateSuccess);
    expectOk(
      await save(t.a.token, id, 'frequency_graph', { url: 'https://cdn.example/f.pdf', name: 'f.pdf' }),
      MSG.updateSuccess,
    );
    const p = await read();
    expect(p.price).toEqual(price);
    expect(p.images).toEqual(images);
    expect(p.frequency_graph).toEqual({ url: 'https://cdn.example/f.pdf', name: 'f.pdf' });
    expectError(
      await save(t.a.token, id, 'images', { group_360: Array(9).fill(null) }),
      400,
      'content.group_360 must have at most 8 slots',
    );
    expectError(
      await save(t.a.token, id, 'price', { default: { currency: 'DOLLARS', price: 1, symbol: '$' } }),
      400,
      'content.default.currency must be a 3-letter ISO 4217 code',
    );
    expectError(
      await save(t.a.token, id, 'price', { default: { currency: 'USD', price: 'a lot', symbol: '$' } }),
      400,
      'content.default.price must be a number',
    );
  });

  it('listening guide: sanitised to the editor allow-list', async () => {
    const html =
      '<h3>What to listen for</h3><p>Airy <strong>top</strong>, <em>warm</em> <u>mids</u> <a href="https://x.example">more</a></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><h1>big</h1>';
    expectOk(await save(t.a.token, id, 'listening_guide', { content: html }), MSG.updateSuccess);
    expect((await read()).listening_guide?.content).toBe(
      '<h3>What to listen for</h3><p>Airy <strong>top</strong>, <em>warm</em> <u>mids</u> <a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">more</a></p><a target="_blank" rel="noopener noreferrer nofollow">bad</a>big',
    );
  });

  it('discography: Spotify links become URIs', async () => {
    const entry = {
      artist: 'Demo Band',
      song: 'Night Drive',
      producer_engineer: 'Eng',
      instruments: 'Vocals',
      spotify_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc',
      tidal_link: 'https://tidal.com/track/1',
    };
    // A link is an http(s) address or a spotify: URI as saved before (docs/api.md "Text and URL rules").
    expectError(
      await save(t.a.token, id, 'discography', [entry, { ...entry, spotify_link: 'not a link' }]),
      400,
      `content.1.spotify_link ${MSG.httpUrlOnly} or a spotify: URI`,
    );
    expectOk(
      await save(t.a.token, id, 'discography', [entry, { ...entry, spotify_link: 'spotify:track:abc' }]),
      MSG.updateSuccess,
    );
    const d = (await read()).discography;
    expect(d.map((x) => x.spotify_link)).toEqual(['spotify:track:4uLU6hMCjMI75M1A2tKUQC', 'spotify:track:abc']);
    expect(d[0]).toMatchObject({ artist: 'Demo Band', tidal_link: 'https://tidal.com/track/1' });
    // Saving what was read back (URIs) works.
    expectOk(await save(t.a.token, id, 'discography', d), MSG.updateSuccess);
  });

  it('tech specs: saved with every section; dependencies and length limits refused with the field named', async () => {
    const specs = {
      basic: {
        interface: ['XLR analog'],
        category: 'analog',
        type: 'condenser',
        diaphragm_class: 'large',
        amplifier: ['Tube'],
        power: 'external power supply included',
      },
      amp_tra: {
        amplifier: 'Class A',
        tube_type: 'EF86',
        transformer: false,
        manufacturer: 'Lundahl',
        part_name: 'LL1538',
      },
      cap_dia: {
        capsule_style: 'K67',
        capsule_size: '34 mm',
        capsule_materials: 'brass',
        termination: 'dual',
        diaphragm_size: '1 inch',
        diaphragm_materials: 'gold-sputtered mylar',
      },
      patterns: { selection: 'Multi-Pattern', multi_pattern: 'stepped' },
      controls: {
        pattern_selector: 'on power supply',
        pad: '-10 dB',
        high_pass: '80 Hz',
        other_filter: 'none',
        modes: 'vintage / modern',
        special_controls: 'none',
      },
      data: {
        output_impedance: '200 Ω',
        frequency_range: '20–20k Hz',
        self_noise: '12 dB-A',
        max_spl: '125 dB',
        signal_to_noise_ratio: '82 dB',
      },
      physical: { weight: '500 g', height: '200 mm', max_diameter: '56 mm' },
    };
    expectOk(await save(t.a.token, id, 'tech_specs', specs), MSG.updateSuccess);
    expect((await read()).tech_specs).toEqual(specs);
    const bad = async (patch: Record<string, unknown>, msg: string) => {
      const merged = JSON.parse(JSON.stringify(specs));
      for (const [k, v] of Object.entries(patch)) Object.assign(merged[k], v);
      expectError(await save(t.a.token, id, 'tech_specs', merged), 400, msg);
    };
    await bad(
      { basic: { interface: ['XLR analog', 'AES digital'] } },
      'content.basic.interface AES digital cannot be combined with XLR analog or USB digital',
    );
    await bad(
      { basic: { type: 'ribbon' } },
      'content.basic.diaphragm_class applies only to condenser or dynamic microphones',
    );
    await bad({ basic: { ribbon_class: 'small' } }, 'content.basic.ribbon_class applies only to ribbon microphones');
    await bad(
      { basic: { amplifier: ['FET'] } },
      'content.amp_tra.tube_type applies only when the amplifier includes Tube',
    );
    await bad(
      { amp_tra: { transformer: true, part_name: null } },
      'content.amp_tra.manufacturer applies only when Transformerless is off',
    );
    await bad(
      { amp_tra: { manufacturer: null } },
      'content.amp_tra.part_name applies only when Transformerless is off and a maker is set',
    );
    await bad({ patterns: { selection: 'Cardioid' } }, 'content.patterns.multi_pattern applies only to Multi-Pattern');
    await bad(
      { cap_dia: { diaphragm_materials: 'x'.repeat(TECH_LIMITS.diaphragm_materials + 1) } },
      'content.cap_dia.diaphragm_materials must be at most 30 characters',
    );
    await bad(
      { controls: { other_filter: 'x'.repeat(22) } },
      'content.controls.other_filter must be at most 21 characters',
    );
    await bad({ controls: { modes: 'x'.repeat(41) } }, 'content.controls.modes must be at most 40 characters');
    await bad(
      { controls: { special_controls: 'x'.repeat(22) } },
      'content.controls.special_controls must be at most 21 characters',
    );
    await bad({ basic: { type: 'laser' } }, 'content.basic.type must be one of: condenser, dynamic, ribbon');
  });

  it('songs: only the brand’s own songs, each once; platform songs are refused', async () => {
    const s1 = (
      await app.call<{ _id: string }>('POST', '/songs', { token: t.a.token, body: { name: 'S1', song_type: 2 } })
    ).body.data;
    const s2 = (await app.call<{ _id: string }>('POST', '/songs', { token: t.a.token, body: { name: 'S2' } })).body
      .data;
    expectOk(await save(t.a.token, id, 'songs', [s2._id, s1._id, s2._id]), MSG.updateSuccess);
    expect((await read()).songs).toEqual([s2._id, s1._id]);
    const theirs = (await app.call<{ _id: string }>('POST', '/songs', { token: t.b.token, body: { name: 'B' } })).body
      .data;
    expectError(await save(t.a.token, id, 'songs', [s1._id, theirs._id]), 404, MSG.songNotFound);
    const atk = await platformSong(app);
    expectError(await save(t.a.token, id, 'songs', [atk.id]), 404, MSG.songNotFound);
    expect((await read()).songs).toEqual([s2._id, s1._id]);
  });

  it('an unknown section type is a 400 naming the choices', async () => {
    expectError(
      await save(t.a.token, id, 'colour', {}),
      400,
      'type must be one of: general, price, images, audio, songs, atk_songs, listening_guide, discography, tech_specs, frequency_graph',
    );
  });
});

describe('POST /admin/products/import', () => {
  it("copies a brand's products into the customer's master brand once, without duplicates", async () => {
    const admin = t.users.global_admin.token;
    await createProduct(admin, { brand_id: t.brandB.id, name: 'Import Me' }, '/admin');
    const res = await app.call<{ imported: number }>('POST', '/admin/products/import', {
      token: admin,
      body: { customer_id: t.a.id, brand_id: t.brandB.id },
    });
    expectOk(res, MSG.importSuccess);
    expect(res.body.data.imported).toBeGreaterThan(0);
    const mine = await app.call<List>('GET', '/products?name=Import%20Me', { token: t.a.token });
    expect(mine.body.data.list.map((p) => p.general.brand_id)).toEqual([t.brandA.id]);
    const again = await app.call<{ imported: number }>('POST', '/admin/products/import', {
      token: admin,
      body: { customer_id: t.a.id, brand_id: t.brandB.id },
    });
    expect(again.body.data.imported).toBe(0);
  });

  it("refuses a customer without a master brand with the spec's message", async () => {
    const admin = t.users.global_admin.token;
    const loner = await makeUser(app, 'customer');
    expectError(
      await app.call('POST', '/admin/products/import', {
        token: admin,
        body: { customer_id: loner.id, brand_id: t.brandB.id },
      }),
      400,
      MSG.noMasterBrand,
    );
    expectError(
      await app.call('POST', '/admin/products/import', {
        token: admin,
        body: { customer_id: randomUUID(), brand_id: t.brandB.id },
      }),
      404,
      MSG.customerNotFound,
    );
    expectError(
      await app.call('POST', '/admin/products/import', {
        token: admin,
        body: { customer_id: 'x', brand_id: t.brandB.id },
      }),
      400,
      'customer_id must be a valid id',
    );
  });
});
