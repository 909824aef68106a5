/**
 * The content operators write for customers and players (GUIDE EDIT and ATK PLAYER EDIT, docs/api.md
 * "Client guide and the player's public read"): the client guide, the info pages and the frequency bands, each one
 * settings record; every rich text through the one allow-list; the markdown guide of before converted once; what the
 * player read shows of them.
 */
import {
  DEFAULT_FREQUENCY_BANDS,
  type FrequencyBands,
  GUIDE_TABS,
  type GuideContent,
  INFO_PAGES,
  type InfosContent,
  type Instance,
  MSG,
  type PlayerInstance,
  RICH_TEXT_MAX,
} from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/bootstrap/seed.ts';
import { appMeta } from '../../src/db/schema.ts';
import { DEFAULT_GUIDE } from '../../src/modules/settings/guide-default.ts';
import { writeSetting } from '../../src/modules/settings/service.ts';
import { markdownToRichText, sanitizeRichText } from '../../src/platform/html.ts';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import { makeBrand, type TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

const admin = () => users.global_admin.token;
type Setting<T> = { type: string; content: T };
const read = <T>(type: string, token = admin()) => app.call<Setting<T>>('GET', `/admin/settings/${type}`, { token });
const write = <T>(type: string, content: unknown, token = admin()) =>
  app.call<Setting<T>>('PUT', `/admin/settings/${type}`, { token, body: { content } });

/** Stored XSS as it is usually tried: none of it may come back. */
const XSS = [
  '<script>window.hacked = 1</script>',
  '<img src="x" onerror="window.hacked = 2">',
  '<svg onload="window.hacked = 3"><circle r="4"></circle></svg>',
  '<a href="javascript:window.hacked = 4">js link</a>',
  '<a href="JaVaScRiPt:window.hacked = 5">mixed-case link</a>',
  '<a href="&#106;avascript:window.hacked = 6">entity link</a>',
  '<a href=" javascript:window.hacked = 7">spaced link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '<a href="vbscript:msgbox(1)">vbscript link</a>',
  '<p style="background:url(javascript:window.hacked = 8)">styled</p>',
  '<p style="width: expression(window.hacked = 9)">expression</p>',
  '<style>p { background: url("javascript:window.hacked = 10") }</style>',
  '<iframe src="javascript:window.hacked = 11"></iframe>',
  '<p onclick="window.hacked = 12">click</p>',
  '<a href="https://ok.example/page" onmouseover="window.hacked = 14">safe link</a>',
  // last: an unclosed <style> takes what follows as its text
  '<math><mtext><table><mglyph><style><img src=x onerror="window.hacked = 13">',
].join('\n');

/** What the allow-list must have removed from `html`. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(
    /<script|<img|<svg|<iframe|<style|<math|\bon\w+\s*=|javascript:|vbscript:|data:|style=|hacked = 1[03]/i,
  );
  expect(html).not.toMatch(/expression\(/i);
}

describe('the one allow-list (platform/html.ts)', () => {
  it('keeps what the editor makes and removes everything else', () => {
    const kept = sanitizeRichText(
      '<h3>Title</h3><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u><br>and a <a href="https://example.com/x">link</a>.</p>',
    );
    expect(kept).toBe(
      '<h3>Title</h3><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u><br />and a <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">link</a>.</p>',
    );
    // b and i are the editor's strong and em; other headings and blocks keep their text only.
    expect(sanitizeRichText('<h1>Big</h1><div><b>b</b><i>i</i></div><ul><li>item</li></ul>')).toBe(
      'Big<strong>b</strong><em>i</em>item',
    );
    const cleaned = sanitizeRichText(XSS);
    expectHarmless(cleaned);
    expect(cleaned).toContain(
      '<a href="https://ok.example/page" target="_blank" rel="noopener noreferrer nofollow">safe link</a>',
    );
    expect(cleaned).toContain('js link');
  });

  it('turns markdown into the same few elements, losing no text', () => {
    const html = markdownToRichText(
      [
        '## Heading two',
        '',
        'Text with **bold**, *italic*, `code <b>` and a [link](https://example.com/a "title").',
        'Second line of the paragraph.',
        '',
        '1. First',
        '2. Second',
        '   - nested one',
        '   - nested two',
        '',
        '- bullet',
        '',
        '> quoted',
        '',
        '```',
        'const x = 1 < 2;',
        'done();',
        '```',
        '',
        '<script>alert(1)</script>',
        '',
        'Inline <img src=x onerror=alert(1)> and [bad](javascript:alert(1)) and ![alt text](https://e.x/i.png)',
        '',
        '---',
        '',
        '### Heading three',
      ].join('\n'),
    );
    expect(html.split('\n')).toEqual([
      '<h3>Heading two</h3>',
      '<p>Text with <strong>bold</strong>, <em>italic</em>, code &lt;b&gt; and a <a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">link</a>.',
      'Second line of the paragraph.</p>',
      '<p>1. First</p>',
      '<p>2. Second</p>',
      '<p>◦ nested one</p>',
      '<p>◦ nested two</p>',
      '<p>• bullet</p>',
      '<p>quoted</p>',
      '<p>const x = 1 &lt; 2;<br />done();</p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<p>Inline &lt;img src=x onerror=alert(1)&gt; and <a target="_blank" rel="noopener noreferrer nofollow">bad</a> and alt text</p>',
      '<h3>Heading three</h3>',
    ]);
  });
});

describe('the client guide is rich text', () => {
  it('the built-in guide is HTML of the allow-list, with the text it had', () => {
    for (const tab of GUIDE_TABS) {
      const html = DEFAULT_GUIDE[tab];
      expect(sanitizeRichText(html)).toBe(html);
      expect(html).toMatch(/^<h3>/);
      // no markdown left over
      expect(html).not.toMatch(/\*\*|^#|^\s*[-*] |`/m);
    }
    expect(DEFAULT_GUIDE.content).toContain('<h3>Your products</h3>');
    expect(DEFAULT_GUIDE.content).toContain('<p>1. Click <strong>New Product</strong>');
    expect(DEFAULT_GUIDE.integrate).toContain('&lt;atk-player&gt;&lt;/atk-player&gt;');
  });

  it('stores what the allow-list keeps, in every tab', async () => {
    const content = Object.fromEntries(GUIDE_TABS.map((tab) => [tab, `<h3>${tab}</h3>${XSS}`])) as GuideContent;
    const put = await write<GuideContent>('guide', content);
    expectOk(put, MSG.updateSuccess);
    for (const tab of GUIDE_TABS) {
      expectHarmless(put.body.data.content[tab]);
      expect(put.body.data.content[tab]).toMatch(new RegExp(`^<h3>${tab}</h3>`));
    }
    const customer = await app.call<Setting<GuideContent>>('GET', '/settings/guide', { token: users.customer.token });
    expect(customer.body.data.content).toEqual(put.body.data.content);
  });

  it('a markdown guide saved before rich text is HTML after the migration, converted once', async () => {
    const markdown: GuideContent = {
      content: '## Before\n\nWritten **in markdown** with a [link](https://example.com/guide).',
      players: '- one\n- two',
      audio: 'Keep `<atk-player>` once.',
      integrate: '1. Load\n2. Launch',
    };
    // The database as it was before this version: a markdown guide, and the conversion not yet done.
    await app.db.delete(appMeta).where(eq(appMeta.key, 'guide_html'));
    await writeSetting(app.db, 'guide', markdown);
    await seed(app.db, { demo: false });
    const expected: GuideContent = {
      content:
        '<h3>Before</h3>\n<p>Written <strong>in markdown</strong> with a <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">link</a>.</p>',
      players: '<p>• one</p>\n<p>• two</p>',
      audio: '<p>Keep &lt;atk-player&gt; once.</p>',
      integrate: '<p>1. Load</p>\n<p>2. Launch</p>',
    };
    const after = await app.call<Setting<GuideContent>>('GET', '/settings/guide', { token: users.customer.token });
    expect(after.body.data.content).toEqual(expected);

    // A guide saved as HTML afterwards is never taken for markdown again (a second start, two starts at once).
    const saved = { ...expected, audio: '<p>Only <em>lossless</em>.</p>' };
    expectOk(await write('guide', saved), MSG.updateSuccess);
    await Promise.all([seed(app.db, { demo: false }), seed(app.db, { demo: false })]);
    expect((await read<GuideContent>('guide')).body.data.content).toEqual(saved);
  });
});

const INFOS: InfosContent = {
  home: '<h3>Welcome</h3><p>Compare <strong>real</strong> recordings.</p>',
  listening_tips: '<p>Use <em>headphones</em>.</p>',
  about_us: '<p>We are <u>ATK</u>. <a href="mailto:hello@atk.example">Write to us</a>.</p>',
  faq: '<h3>Is it free?</h3><p>Yes.</p>',
};
const infosAsStored = (c: InfosContent) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, sanitizeRichText(v)])) as InfosContent;

describe('GET/PUT /admin/settings/infos', () => {
  it('is for admins only: 401 without a token, 403 for a customer and atk', async () => {
    await expectAdminOnly(app, users, 'GET', '/admin/settings/infos');
    await expectAdminOnly(app, users, 'PUT', '/admin/settings/infos', { content: INFOS });
  });

  it('answers empty pages until an operator writes them, then what was saved', async () => {
    const fresh = await read<InfosContent>('infos', users.super_admin.token);
    expectOk(fresh);
    expect(fresh.body.data).toEqual({
      type: 'infos',
      content: { home: '', listening_tips: '', about_us: '', faq: '' },
    });

    const put = await write<InfosContent>('infos', INFOS);
    expectOk(put, MSG.updateSuccess);
    expect(put.body.data).toEqual({ type: 'infos', content: infosAsStored(INFOS) });
    expect(put.body.data.content.about_us).toContain(
      '<a href="mailto:hello@atk.example" target="_blank" rel="noopener noreferrer nofollow">Write to us</a>',
    );
    expect((await read<InfosContent>('infos', users.super_admin.token)).body.data.content).toEqual(
      infosAsStored(INFOS),
    );
  });

  it('stores what the allow-list keeps, in every page', async () => {
    const content = Object.fromEntries(INFO_PAGES.map((page) => [page, `<p>${page}</p>${XSS}`])) as InfosContent;
    const put = await write<InfosContent>('infos', content);
    expectOk(put, MSG.updateSuccess);
    for (const page of INFO_PAGES) {
      expectHarmless(put.body.data.content[page]);
      expect(put.body.data.content[page]).toMatch(new RegExp(`^<p>${page}</p>`));
    }
    expectOk(await write('infos', INFOS), MSG.updateSuccess);
  });

  it('refuses bad content with 400 naming the field, and keeps what was saved', async () => {
    const before = (await read<InfosContent>('infos')).body.data.content;
    expectError(
      await app.call('PUT', '/admin/settings/infos', { token: admin(), body: {} }),
      400,
      'content is required',
    );
    expectError(await write('infos', { ...INFOS, faq: undefined }), 400, 'content.faq must be text');
    expectError(await write('infos', { ...INFOS, home: 42 }), 400, 'content.home must be text');
    expectError(await write('infos', 'text'), 400, 'content must be a JSON object');
    expectError(
      await write('infos', { ...INFOS, about_us: 'x'.repeat(RICH_TEXT_MAX + 1) }),
      400,
      `content.about_us must be at most ${RICH_TEXT_MAX} characters`,
    );
    expectError(await write('infos', { ...INFOS, home: 'a\u0000b' }), 400, `content.home ${MSG.textUnstorable}`);
    expect((await read<InfosContent>('infos')).body.data.content).toEqual(before);
  });
});

const BANDS: FrequencyBands = {
  sub: { min: 16, max: 60, desc: 'Rumble you feel.' },
  low: { min: 60, max: 200, desc: 'Weight.' },
  lo_mid: { min: 200, max: 600, desc: 'Body.' },
  mid: { min: 600, max: 2500, desc: 'Voice.' },
  hi_mid: { min: 2500, max: 5000, desc: 'Bite.' },
  hi: { min: 5000, max: 12000, desc: 'Detail.' },
  air: { min: 12000, max: 24000, desc: 'Air.' },
};

describe('GET/PUT /admin/settings/freq_graph', () => {
  it('is for admins only: 401 without a token, 403 for a customer and atk', async () => {
    await expectAdminOnly(app, users, 'GET', '/admin/settings/freq_graph');
    await expectAdminOnly(app, users, 'PUT', '/admin/settings/freq_graph', { content: BANDS });
  });

  it("answers the player's default bands until an operator saves some, then the saved ones", async () => {
    const fresh = await read<FrequencyBands>('freq_graph');
    expectOk(fresh);
    expect(fresh.body.data).toEqual({ type: 'freq_graph', content: DEFAULT_FREQUENCY_BANDS });
    const put = await write<FrequencyBands>('freq_graph', {
      ...BANDS,
      mid: { min: 600.5, max: 2500, desc: '  Voice.  ' },
    });
    expectOk(put, MSG.updateSuccess);
    const saved = { ...BANDS, mid: { min: 600.5, max: 2500, desc: 'Voice.' } };
    expect(put.body.data).toEqual({ type: 'freq_graph', content: saved });
    expect((await read<FrequencyBands>('freq_graph', users.super_admin.token)).body.data.content).toEqual(saved);
    expectOk(await write('freq_graph', BANDS), MSG.updateSuccess);
  });

  it('refuses bands out of range, upside down or incomplete, with a clear msg, and keeps what was saved', async () => {
    const band = (b: Partial<FrequencyBands['sub']>) => ({ ...BANDS, low: { ...BANDS.low, ...b } });
    const cases: [unknown, string][] = [
      [band({ min: 300, max: 200 }), `content.low.max ${MSG.frequencyMaxAboveMin}`],
      [band({ min: 200, max: 200 }), `content.low.max ${MSG.frequencyMaxAboveMin}`],
      [band({ min: 0 }), `content.low.min ${MSG.frequencyHzRange}`],
      [band({ min: -20 }), `content.low.min ${MSG.frequencyHzRange}`],
      [band({ max: 24001 }), `content.low.max ${MSG.frequencyHzRange}`],
      [band({ min: '60' as unknown as number }), 'content.low.min must be a number'],
      [band({ max: undefined }), 'content.low.max is required'],
      [band({ desc: 'x'.repeat(301) }), 'content.low.desc must be at most 300 characters'],
      [band({ desc: undefined }), 'content.low.desc is required'],
      [{ ...BANDS, air: undefined }, 'content.air is required'],
    ];
    for (const [content, msg] of cases) expectError(await write('freq_graph', content), 400, msg);
    expect((await read<FrequencyBands>('freq_graph')).body.data.content).toEqual(BANDS);
  });
});

describe('unknown setting types', () => {
  it('are a 400 naming the known ones', async () => {
    const msg =
      "Unknown setting type 'menu': type must be one of guide, infos, freq_graph, landing_instance, mobile_infos, mobile_freq_graph, mobile_menu, mobile_landing_instance";
    expectError(await read('menu'), 400, msg);
    expectError(await write('menu', {}), 400, msg);
  });
});

describe('what the player shows', () => {
  it('saving one kind leaves the other as it was; the next player read shows both, with a new ETag', async () => {
    const brand = await makeBrand(app.db);
    const created = await app.call<Instance>('POST', '/admin/instances', {
      token: admin(),
      body: { general: { name: 'Info player', brand_id: brand.id, is_published: 1 } },
    });
    expectOk(created, MSG.createInstanceSuccess);
    const playerRead = async () => {
      const res = await fetch(`${app.url}/api/v1/atk_player/widget/instances/${created.body.data._id}`);
      const body = (await res.json()) as { data: PlayerInstance };
      return { etag: res.headers.get('etag'), data: body.data };
    };

    expectOk(await write('infos', INFOS), MSG.updateSuccess);
    expectOk(await write('freq_graph', BANDS), MSG.updateSuccess);
    const first = await playerRead();
    expect(first.data.infos).toEqual(infosAsStored(INFOS));
    expect(first.data.frequency_bands).toEqual(BANDS);

    const faq = '<h3>New question</h3><p>New answer.</p>';
    expectOk(await write('infos', { ...INFOS, faq }), MSG.updateSuccess);
    const second = await playerRead();
    expect(second.etag).not.toBe(first.etag);
    expect(second.data.infos).toEqual({ ...infosAsStored(INFOS), faq });
    expect(second.data.frequency_bands).toEqual(BANDS);

    const air = { min: 10000, max: 20000, desc: 'Sparkle.' };
    expectOk(await write('freq_graph', { ...BANDS, air }), MSG.updateSuccess);
    const third = await playerRead();
    expect(third.etag).not.toBe(second.etag);
    expect(third.data.frequency_bands).toEqual({ ...BANDS, air });
    expect(third.data.infos).toEqual({ ...infosAsStored(INFOS), faq });
  });
});
