/**
 * SVG graphs (POST /upload/files, type=frequency) cannot stall the server nor carry anything active (docs/api.md
 * "Stored content never breaks a read"): they are sanitised in a worker thread with a time and memory cap, refused
 * over the size and element caps, stripped of what could run or load, and served only as images.
 */
import { API_BASE, MSG, type Product } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '../../src/modules/uploads/service.ts';
import { SVG_MAX_ELEMENTS, SVG_MSG } from '../../src/modules/uploads/svg.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';
import { postForm } from '../support/uploads.ts';

let app: TestApp;
let t: Tenants;
let player: PublishedInstance;
let product: Product;

beforeAll(async () => {
  ({ app, t } = await startWithTenants());
  player = await publishedInstance(app, t.a, t.brandA.id);
  const made = await app.call<Product>('POST', '/products', {
    token: t.a.token,
    body: { general: { name: 'Graph', category_id: t.category.id } },
  });
  expectOk(made, MSG.createProductSuccess);
  product = made.body.data;
}, 60_000);
afterAll(() => app.close());

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
/** The drawing: `<g><rect/></g>` repeated, `pairs` times. */
const groups = (pairs: number) => Buffer.from(`<svg ${NS}>${'<g><rect/></g>'.repeat(pairs)}</svg>`);
const upload = (data: Buffer) =>
  postForm(app, '/upload/files', {
    token: t.a.token,
    fields: { model: 'products', id: product._id, type: 'frequency' },
    file: { name: 'graph.svg', data, type: 'image/svg+xml' },
  });
const local = (url: string) => url.replace('http://portal.test', app.url);

/** Reads the public player every 50 ms while `work` runs: each read's time in ms. */
async function timedReads<T>(work: Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  // A first read fills the player's cache: the reads timed are the ones a visitor makes meanwhile.
  await fetch(`${app.url}${API_BASE}/widget/instances/${player.id}`).then((r) => r.text());
  const reads = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${app.url}${API_BASE}/widget/instances/${player.id}`);
      const body = await res.text();
      expect(res.status, body).toBe(200);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await reads;
  return { result, times };
}

describe('SVG graphs do not stall the server', () => {
  it('a 9 MB SVG is refused at once, and public reads meanwhile each take at most 200 ms', async () => {
    const svg = groups(Math.ceil((9 * 1024 * 1024) / 14));
    expect(svg.length).toBeGreaterThan(9 * 1024 * 1024);
    const { result, times } = await timedReads(upload(svg));
    expectError(result, 413, SVG_MSG.tooLarge);
    expect(times.length).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThanOrEqual(200);
  });

  it('the 1 MB SVG of 29,127 groups is refused over the element cap', async () => {
    expectError(await upload(groups(29_127)), 400, SVG_MSG.tooManyElements);
    expectError(await upload(groups(SVG_MAX_ELEMENTS / 2 + 1)), 400, SVG_MSG.tooManyElements);
  });

  it('an SVG at the element cap is sanitised off the event loop: stored, public reads each at most 200 ms', async () => {
    // The root and the groups: just within the cap.
    const pairs = Math.floor((SVG_MAX_ELEMENTS - 1) / 2);
    const svg = groups(pairs);
    const { result, times } = await timedReads(upload(svg));
    expectOk(result, MSG.uploadSuccess);
    expect(times.length).toBeGreaterThan(5);
    // Reads go on while the worker works (before, the first one waited for the whole sanitisation, 4.6–13 s at
    // 1 MB). On a test machine shared by other work, a read can wait for a CPU now and then: 95 % are held to the
    // 200 ms, none may wait a second.
    const sorted = [...times].sort((x, y) => x - y);
    const report = times.map(Math.round).join(' ');
    expect(sorted[Math.floor(sorted.length * 0.95)], report).toBeLessThanOrEqual(200);
    expect(Math.max(...times), report).toBeLessThan(1000);
    const stored = await (await fetch(local(result.body.data?.audio.url ?? ''))).text();
    expect(stored.match(/<rect\/>/g)).toHaveLength(pairs);
  }, 90_000);
});

describe('SVG graphs carry nothing active and are served as images only', () => {
  it('strips javascript: through entities, set/animate to javascript:, use of data:, @import and outside url()', async () => {
    const rect = '<rect width="5" height="5"/>';
    const payloads = [
      `<svg ${NS}><a href="jav&#x61;script&#58;alert(1)">${rect}</a></svg>`,
      `<svg ${NS}><a xlink:href="&#106;avascript:alert(1)">${rect}</a></svg>`,
      `<svg ${NS}><a><set attributeName="href" to="jav&#x61;script:alert(1)"/>${rect}</a></svg>`,
      `<svg ${NS}><a><animate attributeName="xlink:href" values="&#x6a;avascript:alert(1)"/>${rect}</a></svg>`,
      `<svg ${NS}><a><animateTransform attributeName="href" to="jav&#97;script:alert(1)"/>${rect}</a></svg>`,
      `<svg ${NS}><use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>${rect}</svg>`,
      `<svg ${NS}><style>@import url("https://evil.example/x.css");</style>${rect}</svg>`,
      `<svg ${NS}><style>@im\\70 ort 'https://evil.example/x.css'; rect{fill:\\75rl(https://evil.example/a)}</style>${rect}</svg>`,
      `<svg ${NS}><g style="background:url(https://evil.example/a)">${rect}</g></svg>`,
    ];
    // Written plainly, script is refused with its reason.
    expectError(
      await upload(Buffer.from(`<svg ${NS}><a><set attributeName="href" to="javascript:alert(1)"/>${rect}</a></svg>`)),
      400,
      UPLOAD_MSG.svgActive,
    );
    for (const svg of payloads) {
      const res = await upload(Buffer.from(svg));
      expectOk(res, MSG.uploadSuccess);
      const stored = await (await fetch(local(res.body.data?.audio.url ?? ''))).text();
      expect(stored, svg).toContain(rect);
      expect(stored, svg).not.toMatch(/javascript|&#|<set|<animate|<use|data:|href=|@import|@im|evil|url\(/i);
    }
  }, 120_000);

  it('keeps what a graph needs: styles, references inside the drawing, text', async () => {
    const svg = `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><style>rect{fill:url(#g)}</style><rect width="5" height="5" fill="url(#g)"/><text x="1" y="9">100 Hz</text></svg>`;
    const res = await upload(Buffer.from(svg));
    expectOk(res, MSG.uploadSuccess);
    const stored = await (await fetch(local(res.body.data?.audio.url ?? ''))).text();
    expect(stored).toContain('<style>rect{fill:url(#g)}</style>');
    expect(stored).toContain('fill="url(#g)"');
    expect(stored).toContain('<text x="1" y="9">100 Hz</text>');
  });

  it('is served as an image only: its type, a CSP that runs and loads nothing, and as a download when opened', async () => {
    const res = await upload(groups(3));
    expectOk(res, MSG.uploadSuccess);
    const got = await fetch(local(res.body.data?.audio.url ?? ''));
    expect(got.headers.get('content-type')).toBe('image/svg+xml');
    const csp = got.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(got.headers.get('content-disposition')).toBe('attachment');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
