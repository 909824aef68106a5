/**
 * The product in the two other engines, against a real server (demo data, its audio processed by the server's jobs):
 * - WebKit (Safari's engine) over plain http, as `npm start` serves it: WebKitGTK's MiniBrowser, driven by
 *   WebKitWebDriver under Xvfb (Debian: webkit2gtk-driver, xvfb), opens /home and sees the page. A CSP with
 *   upgrade-insecure-requests left every page blank there (WebKit upgrades even same-origin http://localhost
 *   requests to https).
 * - The player on a brand's page of another origin (docs/api.md "The player on the host page"), in WebKit and in
 *   Firefox (Debian's firefox-esr through puppeteer-core over WebDriver BiDi): the page opens it on a product, plays,
 *   seeks, switches, votes in a blind test and clicks Buy now, and hears each event once, in order
 *   (./host-scenario.ts; Chromium runs the same story in tests/host-api.spec.ts).
 * Needs the built console (`npm run build`). Run: `node --import tsx --test e2e/engines/engines.test.ts` (npm test
 * runs it).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { API_BASE, DEFAULT_FEATURES, DEFAULT_SUBSCRIPTION, hashPassword } from '@atk/contract';
import { EXPECTED_EVENTS, hostPage, type ScenarioResult, scenario } from './host-scenario.ts';
import { type Session, startSession } from './webdriver.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Where Debian's packages put MiniBrowser (libwebkit2gtk-4.1-0 or -4.0), unless MINIBROWSER_PATH says. */
function miniBrowserPath(): string | null {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const libs = ['/usr/lib', ...readdirSync('/usr/lib').map((d) => path.join('/usr/lib', d))];
  for (const lib of [...libs, '/usr/libexec'])
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0']) {
      const file = path.join(lib, api, 'MiniBrowser');
      if (existsSync(file)) return file;
    }
  return null;
}

const onPath = (name: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, name)));

const miniBrowser = miniBrowserPath();
// PulseAudio's null sink: a sound output that keeps time, for machines without a sound card (both engines' audio
// contexts stay suspended without one).
const missing = [
  ...(miniBrowser ? [] : ['MiniBrowser']),
  ...['WebKitWebDriver', 'Xvfb', 'pulseaudio'].filter((bin) => !onPath(bin)),
];
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const consoleBuilt = existsSync(path.join(root, 'apps/console/dist/index.html'));
// CI installs them (.ci/run); elsewhere a test is skipped with the reason rather than failing.
const unbuilt = !consoleBuilt && !process.env.CI ? 'the console is not built (npm run build)' : false;
const skipWebKit =
  missing.length > 0 && !process.env.CI
    ? `not installed: ${missing.join(', ')} (apt-get install webkit2gtk-driver xvfb pulseaudio)`
    : unbuilt;
const skipFirefox =
  !existsSync(FIREFOX) && !process.env.CI ? `not installed: ${FIREFOX} (apt-get install firefox-esr)` : unbuilt;

const children: ChildProcess[] = [];
let work = '';
let session: Session | undefined;
let site = '';
let serverLog = '';
/** The brand's page, on another origin than the portal's, and the demo player it shows. */
let brand: Server | undefined;
let brandUrl = '';
let demoInstance = '';
/** Where the browsers' sound goes (./engines.test.ts `startSound`). */
let sound: NodeJS.ProcessEnv = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | null | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe().catch(() => null);
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A PulseAudio server of this test's own (its socket in `dir`) whose only output is a null sink: the browsers play
 * into it in real time. Answers the environment that points a browser at it.
 */
async function startSound(dir: string): Promise<NodeJS.ProcessEnv> {
  const env = { PULSE_RUNTIME_PATH: dir, PULSE_STATE_PATH: dir };
  const pulse = start(
    'pulseaudio',
    ['-n', '--daemonize=no', '--exit-idle-time=-1', '--load=module-null-sink', '--load=module-native-protocol-unix'],
    env,
  );
  pulse.stdout?.resume();
  pulse.stderr?.resume();
  await until('PulseAudio', 10_000, async () => existsSync(path.join(dir, 'native')));
  return { PULSE_SERVER: `unix:${path.join(dir, 'native')}` };
}

/** Xvfb on a display it picks itself (-displayfd): its number. */
function startXvfb(): Promise<string> {
  const xvfb = start('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x900x24', '-nolisten', 'tcp']);
  return new Promise((resolve, reject) => {
    xvfb.stdout?.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

/** JSON from the portal's API (the player's base), or a failure naming the call. */
async function call<T>(method: string, route: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site}${API_BASE}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  assert.equal(json.code, 200, `${method} ${route}: ${json.msg}`);
  return json.data;
}

/**
 * The demo player as its brand makes it ready for the story: Listener votes on (given by an operator's plan) and a
 * buy button; resolved once its audio is processed (a source with three versions or more).
 */
async function prepareDemoPlayer(): Promise<string> {
  const login = (email: string) =>
    call<{ token: string }>('POST', '/users/login', undefined, { email, password: hashPassword('Demo!2345') });
  const [admin, customer] = await Promise.all([
    login('global@demo.atkplayer.com'),
    login('customer@demo.atkplayer.com'),
  ]);
  const me = await call<{ _id: string }>('GET', '/users/info', customer.token);
  await call('PUT', `/admin/users/${me._id}`, admin.token, {
    subscription: { ...DEFAULT_SUBSCRIPTION, listener_votes: { is_enable: 1 } },
  });
  const landing = await call<{ content: { instance: { _id: string } | null } }>(
    'GET',
    '/widget/settings/landing_instance',
  );
  const id = landing.content.instance?._id;
  assert.ok(id, 'the demo player is the landing instance');
  await call('PUT', `/instances/${id}`, customer.token, {
    features: { ...DEFAULT_FEATURES, listener_votes: { is_enable: 1 } },
  });
  await call('PUT', `/instances/${id}`, customer.token, {
    buttons: { default: { currency: 'USD', symbol: '$', url: 'https://shop.example.com/demo' }, list: [] },
  });
  await until('the demo audio', 240_000, async () => {
    const read = await call<{ features: { listener_votes: number }; songs: { sources: { versions: unknown[] }[] }[] }>(
      'GET',
      `/widget/instances/${id}`,
    );
    assert.equal(read.features.listener_votes, 1, 'the demo player asks for votes');
    return read.songs.some((song) => song.sources.some((source) => source.versions.length >= 3));
  });
  return id;
}

before(async () => {
  if (skipWebKit && skipFirefox) return;
  assert.ok(consoleBuilt, 'the console is not built (npm run build)');
  work = mkdtempSync(path.join(tmpdir(), 'atk-engines-'));
  const [port, driverPort] = await Promise.all([freePort(), freePort()]);
  // localhost, as `npm start` prints it: the loopback origin WebKit upgraded.
  site = `http://localhost:${port}`;
  const server = start('node', ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: work,
    PUBLIC_URL: site,
    DATABASE_URL: '',
    // The demo data, its audio processed by this process's jobs: the player's story needs a playable instance.
    NODE_ENV: 'test',
  });
  server.stderr?.on('data', (c: Buffer) => {
    serverLog = (serverLog + c.toString()).slice(-4000);
  });
  server.stdout?.resume();
  sound = await startSound(mkdtempSync(path.join(work, 'pulse-')));
  // The brand's page: 127.0.0.1, another origin than the portal's localhost.
  brand = createHttpServer((req, res) => {
    if (req.url === '/')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(site, demoInstance));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => brand?.listen(0, '127.0.0.1', resolve));
  brandUrl = `http://127.0.0.1:${(brand.address() as { port: number }).port}/`;
  // WebKit's browser starts while the server does (each takes seconds).
  const browser = skipWebKit
    ? Promise.resolve()
    : startXvfb().then(async (display) => {
        assert.deepEqual(missing, [], `not installed: ${missing.join(', ')}`);
        const driver = start('WebKitWebDriver', [`--port=${driverPort}`], { DISPLAY: display, ...sound });
        driver.stdout?.resume();
        driver.stderr?.resume();
        await until('WebKitWebDriver', 10_000, async () => (await fetch(`http://127.0.0.1:${driverPort}/status`)).ok);
        session = await startSession(`http://127.0.0.1:${driverPort}`, miniBrowser as string);
      });
  const listening = until('the server', 120_000, async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/atk_player/widget/settings/landing_instance`);
    await res.arrayBuffer();
    return res.ok;
  }).catch((err) => {
    throw new Error(`${err.message}\n${serverLog}`);
  });
  await Promise.all([browser, listening]);
  demoInstance = await prepareDemoPlayer();
});

after(async () => {
  await session?.close();
  brand?.close();
  for (const child of children.reverse()) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The story's log checked: each event once, in the order the page acted, with its documented detail. */
function checkStory(result: ScenarioResult) {
  assert.equal(result.error, undefined, `${result.error}; heard ${result.events.map((e) => e.type).join(', ')}`);
  assert.deepEqual(
    result.events.map((e) => e.type),
    EXPECTED_EVENTS,
  );
  const detail = (type: string) => result.events.find((e) => e.type === type)?.detail ?? {};
  const [first, second] = result.products;
  for (const e of result.events) assert.equal(e.detail.instance, demoInstance);
  assert.equal(detail('atk-play').product, first);
  assert.equal(detail('atk-seek').to, 2);
  assert.equal(detail('atk-level-match').on, false);
  assert.deepEqual(
    [detail('atk-switch').from, detail('atk-switch').to, detail('atk-switch').blind],
    [first, second, true],
  );
  const vote = detail('atk-vote') as { pick: string; products: string[] };
  // The products heard long enough in the blind test, the two switched between among them; the pick one of them.
  assert.ok(vote.products.includes(first) && vote.products.includes(second), JSON.stringify(vote));
  assert.ok(vote.products.includes(vote.pick));
  assert.deepEqual(detail('atk-reveal').pick, vote.pick);
  assert.equal(detail('atk-buy-click').product, second);
  assert.equal(detail('atk-buy-click').url, 'https://shop.example.com/demo');
}

test('WebKit over http: /home shows its page (LAUNCH PLAYER, SIGN IN)', {
  skip: skipWebKit,
  timeout: 50_000,
}, async () => {
  const browser = session;
  assert.ok(browser);
  await browser.open(`${site}/home`);
  const launch = await until('the LAUNCH PLAYER button', 15_000, () =>
    browser.textOf('[data-testid="launch-player"]'),
  ).catch(async (err) => {
    const body = await browser.execute<string>('return document.body.innerText.slice(0, 300)');
    throw new Error(`${err.message}; the page shows ${JSON.stringify(body)}`);
  });
  assert.match(launch, /LAUNCH PLAYER/);
  assert.equal(await browser.textOf('[data-testid="header-account"]'), 'SIGN IN');
  assert.equal(await browser.execute<string>('return location.protocol'), 'http:');
});

test('WebKit: a page of another origin hears the player’s events while it plays, seeks, switches, votes and buys', {
  skip: skipWebKit,
  timeout: 120_000,
}, async () => {
  const browser = session;
  assert.ok(browser);
  await browser.open(brandUrl);
  await browser.click('#listen');
  checkStory(await browser.executeAsync<ScenarioResult>(scenario, []));
});

test('Firefox: a page of another origin hears the player’s events while it plays, seeks, switches, votes and buys', {
  skip: skipFirefox,
  timeout: 120_000,
}, async () => {
  const puppeteer = (await import('puppeteer-core')).default;
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, ...sound },
    // Firefox's default: sound may start only from a user's gesture (the page's Listen button is clicked).
    extraPrefsFirefox: { 'media.autoplay.default': 1, 'media.autoplay.block-webaudio': true },
  });
  try {
    const page = await firefox.newPage();
    await page.goto(brandUrl);
    await page.click('#listen');
    checkStory(
      await page.evaluate<[], () => Promise<ScenarioResult>>(
        `(async function () {${scenario}})()` as unknown as () => Promise<ScenarioResult>,
      ),
    );
  } finally {
    await firefox.close();
  }
});
