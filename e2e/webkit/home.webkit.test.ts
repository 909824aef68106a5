/**
 * The console in WebKit (Safari's engine) over plain http, as `npm start` serves it: WebKitGTK's MiniBrowser,
 * driven by WebKitWebDriver under Xvfb (Debian: webkit2gtk-driver, xvfb), opens /home of a real server and sees
 * the page. A CSP with upgrade-insecure-requests left every page blank there (WebKit upgrades even same-origin
 * http://localhost requests to https). Needs the built console (`npm run build -w apps/console`).
 * Run: `node --import tsx --test e2e/webkit/home.webkit.test.ts` (npm test runs it).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
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
const missing = [...(miniBrowser ? [] : ['MiniBrowser']), ...['WebKitWebDriver', 'Xvfb'].filter((bin) => !onPath(bin))];
const consoleBuilt = existsSync(path.join(root, 'apps/console/dist/index.html'));
// CI installs them (.ci/run); elsewhere the test is skipped with the reason rather than failing.
const skip =
  missing.length > 0 && !process.env.CI
    ? `not installed: ${missing.join(', ')} (apt-get install webkit2gtk-driver xvfb)`
    : !consoleBuilt && !process.env.CI
      ? 'the console is not built (npm run build -w apps/console)'
      : false;

const children: ChildProcess[] = [];
let work = '';
let session: Session | undefined;
let site = '';
let serverLog = '';

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

/** Xvfb on a display it picks itself (-displayfd): its number. */
function startXvfb(): Promise<string> {
  const xvfb = start('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x900x24', '-nolisten', 'tcp']);
  return new Promise((resolve, reject) => {
    xvfb.stdout?.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

before(async () => {
  if (skip) return;
  assert.deepEqual(missing, [], `not installed: ${missing.join(', ')}`);
  assert.ok(consoleBuilt, 'the console is not built (npm run build -w apps/console)');
  work = mkdtempSync(path.join(tmpdir(), 'atk-webkit-'));
  const [display, port, driverPort] = await Promise.all([startXvfb(), freePort(), freePort()]);
  // localhost, as `npm start` prints it: the loopback origin WebKit upgraded.
  site = `http://localhost:${port}`;
  const server = start('node', ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: work,
    PUBLIC_URL: site,
    DATABASE_URL: '',
    // No demo data (it takes seconds to make): /home shows its page without any.
    NODE_ENV: 'production',
    RUN_JOBS: '0',
  });
  server.stderr?.on('data', (c: Buffer) => {
    serverLog = (serverLog + c.toString()).slice(-4000);
  });
  server.stdout?.resume();
  const driver = start('WebKitWebDriver', [`--port=${driverPort}`], { DISPLAY: display });
  driver.stdout?.resume();
  driver.stderr?.resume();
  // The browser starts while the server does (each takes seconds).
  const browser = until(
    'WebKitWebDriver',
    10_000,
    async () => (await fetch(`http://127.0.0.1:${driverPort}/status`)).ok,
  )
    .then(() => startSession(`http://127.0.0.1:${driverPort}`, miniBrowser as string))
    .then((s) => {
      session = s;
    });
  const listening = until('the server', 120_000, async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/atk_player/widget/settings/landing_instance`);
    await res.arrayBuffer();
    return res.ok;
  }).catch((err) => {
    throw new Error(`${err.message}\n${serverLog}`);
  });
  await Promise.all([browser, listening]);
});

after(async () => {
  await session?.close();
  for (const child of children.reverse()) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  if (work) rmSync(work, { recursive: true, force: true });
});

test('WebKit over http: /home shows its page (LAUNCH PLAYER, SIGN IN)', { skip, timeout: 50_000 }, async () => {
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
