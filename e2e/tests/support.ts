import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  API_BASE,
  DEFAULT_FEATURES,
  DEFAULT_SUBSCRIPTION,
  hashPassword,
  type IMAGE_TYPES,
  type MobilePlayerInstance,
  type Preferences,
  STATISTICS_BASE,
  type Subscription,
} from '@atk/contract';
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!2345';
export const DEMO = {
  global_admin: 'global@demo.atkplayer.com',
  super_admin: 'super@demo.atkplayer.com',
  customer: 'customer@demo.atkplayer.com',
  atk: 'atk@demo.atkplayer.com',
} as const;

export const baseUrl = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

/**
 * The mobile widget's settings (landing instance, menu, info pages) are one per server, and the workers share one
 * server: a test that changes them and a test that reads them take turns. Resolves with the release (call it when
 * the test ends, pass or fail); the turn is a directory made atomically in the run's data directory.
 */
export async function mobileSettingsTurn(): Promise<() => Promise<void>> {
  const lock = path.join(process.env.E2E_DATA_DIR as string, 'mobile-settings.turn');
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await mkdir(lock);
      return () => rm(lock, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Straight API calls, for setting the scene (as an operator's script would). */
export async function api<T = unknown>(method: string, route: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}${API_BASE}${route}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

/**
 * The demo seed's 'Microphones' category, for the products a test makes through the API: a product needs a
 * category (docs/api.md "Products"). Read with any signed-in token (operators through /admin).
 */
export async function demoCategoryId(token: string, admin = false): Promise<string> {
  const res = await api<{ list: { _id: string; name: string }[] }>(
    'GET',
    `${admin ? '/admin' : ''}/categories?page_num=1&page_size=1000`,
    { token },
  );
  const found = res.data?.list.find((c) => c.name === 'Microphones');
  if (!found) throw new Error(`the demo category Microphones was not found: ${res.msg}`);
  return found._id;
}

/**
 * A straight call under /api/v1 (the paths outside the player's base: mobile instances, retailers, the mobile
 * settings, the signed upload of a logo), answering `data`; anything but code 200 fails the test with the msg.
 */
/** An API answer that must be a success: its data. */
export async function ok<T>(reply: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const res = await reply;
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

export async function v1<T>(method: string, route: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${method} ${route}: ${json.msg}`).toBe(200);
  return json.data;
}

/** A solid-colour PNG of `width` × `height` (`rgb` like '#bfdbfe'): a real image file for the image uploads. */
export function solidPng(rgb: string, width = 160, height = 100): Buffer {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(rgb.slice(i, i + 2), 16));
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 16-bit PCM WAV of a sine tone: a real audio file for the audio uploads. */
export function sineWav(seconds = 2, rate = 44_100, frequency = 440): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 441, (samples - i) / 441);
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 0.4 * fade * 32767), 44 + i * 2);
  }
  return wav;
}

/**
 * Uploads a file of a product as the console does: an image (POST /upload/images, `type` additional unless named) or the
 * frequency graph (POST /upload/files, type frequency); answers the stored file's URL.
 */
export async function uploadProductFile(
  token: string,
  productId: string,
  file: { bytes: Buffer | string; type: string; name: string },
  kind: { image: number; type?: (typeof IMAGE_TYPES)[number] } | 'frequency',
) {
  const form = new FormData();
  form.append('model', 'products');
  form.append('id', productId);
  if (kind === 'frequency') form.append('type', 'frequency');
  else {
    form.append('type', kind.type ?? 'additional');
    form.append('index', String(kind.image));
  }
  form.append(
    'file',
    new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }),
    file.name,
  );
  const route = kind === 'frequency' ? '/upload/files' : '/upload/images';
  const res = await fetch(`${baseUrl()}${API_BASE}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data: Record<string, { url: string }> };
  expect(body.code, body.msg).toBe(200);
  return (kind === 'frequency' ? body.data.audio : body.data.photo).url;
}

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api<{ token: string }>('POST', '/users/login', {
    body: { email, password: hashPassword(password) },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.token;
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.example`;

/**
 * What an operator does for a new customer: a master brand of its own (so no other test's customer lifts its
 * limits), a published plan with `features`, and an active customer on that brand put on the plan as Customer
 * edit does (`{plan_id, subscription}`). Answers what the customer signs in with. The brand is named `brandName` when
 * given, else after the tag.
 */
export async function customerOnPlan(
  tag: string,
  features: Subscription,
  password = DEMO_PASSWORD,
  brandName?: string,
) {
  const token = await apiLogin(DEMO.global_admin);
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const res = await api<T>(method, route, { token, body });
    expect(res.code, `${method} ${route}: ${res.msg}`).toBe(200);
    return res.data;
  };
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const brand = await call<{ _id: string }>('POST', '/admin/brands', {
    name: brandName ?? `E2E ${tag} ${suffix}`,
    is_published: 1,
  });
  const plan = await call<{ _id: string }>('POST', '/admin/subscriptions', {
    name: `E2E ${tag} plan ${suffix}`,
    is_published: 1,
    ...features,
  });
  const roles = await call<{ list: { _id: string; name: string }[] }>(
    'GET',
    '/admin/roles?page_num=1&page_size=100&is_deleted=false',
  );
  const email = uniqueEmail(tag.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  const user = await call<{ _id: string }>('POST', '/admin/users', {
    email,
    password: hashPassword(password),
    password_confirm: hashPassword(password),
    master_brand_id: brand._id,
    master_brand_status: 'active',
    first_name: 'E2E',
    last_name: tag,
    role_id: roles.list.find((r) => r.name === 'customer')?._id,
  });
  await call('PUT', `/admin/users/${user._id}`, { plan_id: plan._id, subscription: features });
  return { email, password, id: user._id, brandId: brand._id };
}

/** The operator invites an email to the demo master brand; returns nothing, the mail carries the link. */
export async function inviteToDemoBrand(email: string) {
  const token = await apiLogin(DEMO.global_admin);
  const brands = await api<{ list: { _id: string; name: string }[] }>(
    'GET',
    '/admin/brands?page_num=1&page_size=1000&name=Demo%20Audio',
    { token },
  );
  const brand = brands.data.list[0];
  const res = await api('POST', '/admin/invitations', { token, body: { email, brand_id: brand._id } });
  expect(res.code, res.msg).toBe(200);
  return brand;
}

/** A customer of the demo brand with a known password, made the way a real one is: invited, then the link sets it. */
export async function customerWithPassword(password: string, tag = 'customer'): Promise<string> {
  const email = uniqueEmail(tag);
  await inviteToDemoBrand(email);
  const opened = await api<{ token: string }>('GET', await mailedLink(email, 'invitations'));
  const set = await api('POST', '/users/update_password', {
    token: opened.data.token,
    body: { origin_password: '', new_password: hashPassword(password), password_confirm: hashPassword(password) },
  });
  expect(set.code, set.msg).toBe(200);
  return email;
}

/** The link in the newest outbox mail to `to` that points at `kind` (invitations or recover). */
export async function mailedLink(to: string, kind: 'invitations' | 'recover'): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const pattern = new RegExp(`https?://[^\\s"<>]+/${kind}/[0-9a-f-]{36}`);
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = safeList(outbox)
        .filter((f) => f.includes(to.replace(/[^a-z0-9@.-]/gi, '_')))
        .sort();
      const text = files.length ? readFileSync(path.join(outbox, files[files.length - 1]), 'utf8') : '';
      link = decodeQuotedPrintable(text).match(pattern)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link as string).pathname;
}

/** Waits for a mail to `to` in the outbox whose text holds `phrase` (the decoded .eml), and answers that text. */
export async function mailedText(to: string, phrase: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found = '';
  await expect
    .poll(() => {
      const texts = safeList(outbox)
        .filter((f) => f.includes(to.replace(/[^a-z0-9@.-]/gi, '_')))
        .map((f) => decodeQuotedPrintable(readFileSync(path.join(outbox, f), 'utf8')));
      found = texts.find((text) => text.includes(phrase)) ?? '';
      return found;
    })
    .toBeTruthy();
  return found;
}

function safeList(dir: string) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** An antd message toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.ant-message').getByText(text, { exact: true }).first();

/**
 * A modal once its opening zoom has ended: a click while it still scales can land beside the moving button and
 * be lost (seen on a loaded CI machine with sign-out's OK and New Product's Save).
 */
export async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  return dialog;
}

/**
 * Every word of each element's text sits on one line: a narrow column may wrap between words (or at a slash
 * offered as a break), never inside one ('Producer/Eng ineer').
 */
export async function expectWordsWhole(cells: Locator) {
  const broken = await cells.evaluateAll((elements) => {
    const out: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s/]+\/?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) out.push(match[0]);
        }
      }
    }
    return out;
  });
  expect(broken, 'words broken across lines').toEqual([]);
}

/**
 * Stored XSS as it is usually tried: saved into a rich text, none of it may survive the server's
 * allow-list, and nothing of it may run where the text is shown. Each attempt would set `window.__xss`.
 */
export const STORED_XSS = [
  '<p>Before the attempts.</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="4"></circle></svg>',
  '<p><a href="javascript:window.__xss=\'link\'">javascript link</a></p>',
  '<p><a href="data:text/html,<script>parent.__xss=\'data\'</script>">data link</a></p>',
  '<p style="background-image:url(javascript:window.__xss=\'style\')">styled</p>',
  '<p style="width:expression(window.__xss=\'expression\')">expression</p>',
  '<p onmouseover="window.__xss = \'handler\'">hover me</p>',
  '<p>After the attempts.</p>',
].join('');

/** None of STORED_XSS ran on the page, and none of its elements or attributes are in `scope`. */
export async function expectNoXss(page: Page, scope: Locator) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // (ProseMirror draws separators of its own as img.ProseMirror-separator in an editor.)
  const unsafe = 'script, img:not(.ProseMirror-separator), svg, iframe, [style], [onerror], [onload], [onmouseover]';
  await expect(scope.locator(unsafe)).toHaveCount(0);
  for (const name of ['javascript link', 'data link']) {
    const link = scope.getByText(name, { exact: true }).first();
    const href = await link.evaluate((el) => el.closest('a')?.getAttribute('href') ?? '');
    expect(href).not.toMatch(/^\s*(javascript|data):/i);
  }
}

/**
 * A second origin: a plain HTTP server answering one HTML page at `/` (a brand's page embedding the player).
 * `localhost` (not 127.0.0.1) and another port: another origin than the portal.
 */
export async function serveElsewhere(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } else if (req.url === '/favicon.ico') res.writeHead(204).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, server };
}

/** A published instance whose player asks for blind votes (`votingInstance`), and what a vote names. */
export interface VotingScene {
  customer: { email: string; password: string; id: string; brandId: string };
  instance: { id: string; name: string };
  /** The two demo microphones it offers (other brands' products), by name. */
  products: { id: string; name: string }[];
  /** A song and source both products have ready audio of. */
  songId: string;
  sourceId: string;
}

/**
 * What a brand asking its listeners for verdicts has: a customer of its own whose plan includes Listener votes (and
 * other brands' products), and a published instance offering two demo microphones (Velour R2, Pencil S4: the same
 * songs and sources) with Listener votes on; given `customer`, another such instance of that customer's. Resolves
 * once the demo audio is ready for both on one source, so a visitor can hear them (docs/api.md "Listener verdicts").
 */
export async function votingInstance(
  tag: string,
  opts: { plan?: Partial<Subscription>; customer?: VotingScene['customer'] } = {},
): Promise<VotingScene> {
  const customer =
    opts.customer ??
    (await customerOnPlan(tag, {
      ...DEFAULT_SUBSCRIPTION,
      other_brands_products: { is_enable: 1 },
      listener_votes: { is_enable: 1 },
      ...opts.plan,
    }));
  const [velour, pencil] = await demoMicrophones();
  const token = await apiLogin(customer.email, customer.password);
  const name = `${tag} Player ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await ok(api<{ _id: string }>('POST', '/instances', { token, body: { general: { name } } }));
  const put = (body: unknown) => ok(api('PUT', `/instances/${made._id}`, { token, body }));
  await put({ general: { name, is_published: 1 } });
  await put({
    products: [],
    other_products: [
      { product_id: velour._id, brand_id: velour.general.brand_id, is_active: 1, order: 1 },
      { product_id: pencil._id, brand_id: pencil.general.brand_id, is_active: 1, order: 2 },
    ],
  });
  await put({ features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: 1 } } });
  type Read = { songs?: { _id: string; sources: { _id: string; versions: unknown[] }[] }[] };
  let ready: { songId: string; sourceId: string } | undefined;
  // the demo audio is processed by the server's jobs: wait until a source has both products' versions
  await expect
    .poll(
      async () => {
        const read = await api<Read>('GET', `/widget/instances/${made._id}`);
        for (const song of read.data?.songs ?? [])
          for (const source of song.sources)
            if (source.versions.length === 2) ready = { songId: song._id, sourceId: source._id };
        return Boolean(ready);
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);
  return {
    customer,
    instance: { id: made._id, name },
    products: [
      { id: velour._id, name: 'Velour R2' },
      { id: pencil._id, name: 'Pencil S4' },
    ],
    ...(ready as { songId: string; sourceId: string }),
  };
}

/**
 * Blind votes as the player sends them, one visitor each (a fresh visitor id, all in parallel): a launch, then, once
 * enough real time has passed for the listening to count (it counts no more than the time since the launch's token),
 * one batch with 6 s of listening to each product compared and the vote naming `preferred` (null: No preference).
 * Resolves with how many votes the server counted. The launch cap per address and instance (10 an hour) bounds how
 * many one test casts.
 */
export async function castVotes(
  scene: Pick<VotingScene, 'instance' | 'songId' | 'sourceId'>,
  votes: { products: [string, string]; preferred: string | null }[],
): Promise<number> {
  const counted = await Promise.all(
    votes.map(async (vote) => {
      const visitor_id = crypto.randomUUID();
      const instance_id = scene.instance.id;
      const launch = await api<{ accepted: number; token: string | null }>('POST', '/widget/events', {
        body: { visitor_id, events: [{ type: 'launch', instance_id }] },
      });
      expect(launch.code, launch.msg).toBe(200);
      expect(launch.data.token, 'a launch token').toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      const at = { instance_id, song_id: scene.songId, source_id: scene.sourceId };
      const sent = await api<{ accepted: number }>('POST', '/widget/events', {
        body: {
          visitor_id,
          token: launch.data.token,
          events: [
            ...vote.products.map((product_id) => ({ type: 'listen', ...at, product_id, seconds: 6 })),
            {
              type: 'vote',
              ...at,
              products: vote.products,
              ...(vote.preferred ? { product_id: vote.preferred } : {}),
              heard: [6, 6],
              level_matched: false,
            },
          ],
        },
      });
      expect(sent.code, sent.msg).toBe(200);
      return sent.data.accepted;
    }),
  );
  return counted.reduce((n, c) => n + c, 0);
}

/** The demo brand's Velour R2 and Pencil S4, found through its product list. */
/** A brand's page on another origin with the player's loader and nothing else: a share link launches the player. */
export const servePlayerPage = () =>
  serveElsewhere(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Our microphones</title>
<link rel="stylesheet" href="${baseUrl()}/player/atk-player.css">
<script src="${baseUrl()}/player/atk-player.js" defer></script>
</head><body><h1>Our microphones</h1></body></html>`);

/**
 * Opens the scene's player on `site` (./support.ts `servePlayerPage`) through a share link naming its song and source,
 * and waits until every version can be heard; answers the player's dialog.
 */
export async function openScenePlayer(page: Page, site: { url: string }, scene: VotingScene): Promise<Locator> {
  const query = new URLSearchParams({
    atk_instance: scene.instance.id,
    atk_song: scene.songId,
    atk_source: scene.sourceId,
  });
  await page.goto(`${site.url}?${query}`);
  const player = page.locator('atk-player').getByRole('dialog', { name: scene.instance.name });
  await expect(player.getByRole('button', { name: /^(Play|Pause)$/ })).not.toHaveAttribute('aria-disabled', 'true', {
    timeout: 30_000,
  });
  await expect(player.getByText('loading…')).toHaveCount(0, { timeout: 30_000 });
  return player;
}

/**
 * Waits until a player's playhead (its 'Playback position' slider, desktop or mobile) has moved `seconds` on: what it
 * counts as heard, however long the audio took to start (Firefox takes up to 2 s).
 */
export async function hearFor(player: Locator, seconds: number) {
  const slider = player.getByRole('slider', { name: 'Playback position' });
  const at = async () => Number(await slider.getAttribute('aria-valuenow'));
  const from = await at();
  await expect.poll(at, { timeout: (seconds + 20) * 1000, intervals: [250] }).toBeGreaterThanOrEqual(from + seconds);
}

/** A horizontal swipe over the mobile widget's products (touch events, as a finger makes them). */
export async function swipe(page: Page, dx: number) {
  await page.evaluate((dx) => {
    const host = document.querySelector('atk-mobile-player') as HTMLElement;
    const stage = host.shadowRoot?.querySelector('[data-testid="mobile-stage"]') as HTMLElement;
    const box = stage.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const x = box.left + box.width / 2;
    const touch = (clientX: number) => new Touch({ identifier: 1, target: stage, clientX, clientY: y });
    stage.dispatchEvent(
      new TouchEvent('touchstart', { touches: [touch(x)], changedTouches: [touch(x)], bubbles: true, composed: true }),
    );
    stage.dispatchEvent(
      new TouchEvent('touchend', { touches: [], changedTouches: [touch(x + dx)], bubbles: true, composed: true }),
    );
  }, dx);
}

/** Today's Listener verdicts of one instance, read as `token` (its brand's customer) reads them: the whole answer. */
export async function todaysVerdicts(token: string, instanceId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const query = `start=${today}&end=${today}&instance_id=${instanceId}`;
  const res = await fetch(`${baseUrl()}${STATISTICS_BASE}/statistics/preferences?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { code: number; msg: string; data: Preferences };
}

export async function demoMicrophones(): Promise<{ _id: string; general: { brand_id: string } }[]> {
  const demo = await apiLogin(DEMO.customer);
  const product = async (name: string) => {
    const res = await ok(
      api<{ list: { _id: string; general: { name: string; brand_id: string } }[] }>(
        'GET',
        `/products?page_num=1&page_size=20&name=${encodeURIComponent(name)}`,
        { token: demo },
      ),
    );
    const found = res.list.find((p) => p.general.name === name);
    expect(found, `demo product ${name}`).toBeTruthy();
    return found as { _id: string; general: { brand_id: string } };
  };
  return [await product('Velour R2'), await product('Pencil S4')];
}

/**
 * The page is no wider than the screen: nothing to scroll sideways. A failure names the elements that reach past
 * the right edge (the innermost ones), to say what widened the page.
 */
export async function expectNoSideScroll(page: Page) {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  try {
    await expect.poll(overflow).toBeLessThanOrEqual(0);
  } catch {
    const past = await page.evaluate(() => {
      const beyond = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
      // inside a box that clips or scrolls sideways, an element widens that box, not the page
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      return Array.from(document.body.querySelectorAll('*'))
        .filter((el) => beyond(el) && !clipped(el) && !Array.from(el.children).some(beyond))
        .slice(0, 5)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${el.textContent?.slice(0, 60)}"`,
        );
    });
    throw new Error(`page wider than the screen by ${await overflow()} px at ${page.url()}: ${past.join('; ')}`);
  }
}

/**
 * A published mobile instance of the demo microphones, made by the atk operator (`general` beyond its name and status:
 * e.g. listener_votes), resolved once the widget's first source has both versions; its products as the widget lists them.
 */
export async function mobileScene(
  name: string,
  general: Record<string, unknown> = {},
): Promise<{ instanceId: string; products: { id: string; name: string }[] }> {
  const atk = await apiLogin(DEMO.atk);
  const made = await v1<{ _id: string }>('POST', '/admin/mobile_instances', atk, {
    general: { name, is_published: 1, ...general },
  });
  const mics = await demoMicrophones();
  await v1('PUT', `/admin/mobile_instances/${made._id}`, atk, {
    type: 'products',
    products: mics.map((m, i) => ({
      product_id: m._id,
      is_active: 1,
      is_featured: 1,
      featured_order: i + 1,
      player_position: i + 1,
      placement_priority: null,
    })),
  });
  let products: { id: string; name: string }[] = [];
  // The demo audio is processed by the server's jobs: wait until the song's first source has both versions.
  await expect
    .poll(
      async () => {
        const w = (await api<MobilePlayerInstance>('GET', `/widget/mobile_instances/${made._id}`)).data;
        if (w.preparing !== 0 || w.songs[0]?.sources[0]?.versions.length !== 2) return false;
        products = w.products.map((p) => ({ id: p._id, name: p.name }));
        return true;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);
  return { instanceId: made._id, products };
}
