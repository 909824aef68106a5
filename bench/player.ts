/**
 * The desktop player's first seconds: a fresh server with the demo data, its audio processed
 * (recordings BENCH_SONG_SECONDS long, 180 by default: a real song's length), serves the built console and player
 * (run `npm run build` first) on loopback. Chromium (CHROMIUM_PATH, /usr/bin/chromium by default), a fresh context
 * each run, on /home with the loader already there (what a product page has before its visitor clicks). Prints, as
 * the median of BENCH_RUNS (5):
 *   - click on LAUNCH PLAYER → the dialog drawn;
 *   - click on LAUNCH PLAYER → Play ready (the play button no longer waiting), target ≤ 600 ms;
 *   - the player's JavaScript and CSS fetched after the click (bytes over the wire).
 *   npm run bench:player
 */
import path from 'node:path';
import type { Request } from 'playwright';
import { launchChromium, startDemoServer } from './demo-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const songSeconds = Number(process.env.BENCH_SONG_SECONDS ?? 180);
const server = await startDemoServer('player', 4361, { songSeconds, processed: true });
const { origin } = server;
const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);

/** One cold launch: the times from the click, and the player's files fetched after it. */
async function launch() {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/home');
  const button = page.getByTestId('launch-player');
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="launch-player"]') as HTMLButtonElement)?.disabled,
  );
  await page.waitForLoadState('networkidle');
  const files: Promise<[string, number]>[] = [];
  const onFile = (req: Request) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/player/')) files.push(req.sizes().then((s) => [pathname, s.responseBodySize]));
  };
  page.on('requestfinished', onFile);
  const clicked = performance.now();
  await button.click();
  const dialog = page.locator('atk-player').getByRole('dialog');
  await dialog.waitFor();
  const drawn = performance.now() - clicked;
  await dialog.locator('button[data-state]:not([aria-disabled="true"])').first().waitFor({ timeout: 60_000 });
  const ready = performance.now() - clicked;
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFile);
  const fetched = await Promise.all(files);
  await context.close();
  return { drawn, ready, fetched };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${Math.round(n)} ms`;
try {
  await launch(); // warms the server (its first reads), not the browser: every run below has a fresh context
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await launch());
  const drawn = median(runs.map((r) => r.drawn));
  const ready = median(runs.map((r) => r.ready));
  console.log(`desktop player, Chromium, loopback, fresh context, median of ${RUNS} (${songSeconds} s recordings)`);
  console.log(`  click LAUNCH PLAYER → dialog drawn: ${ms(drawn)}`);
  console.log(`  click LAUNCH PLAYER → Play ready:   ${ms(ready)}  target ≤ 600 ms  ${ready <= 600 ? 'ok' : 'OVER'}`);
  console.log(`  runs: ${runs.map((r) => ms(r.ready)).join(', ')}`);
  const files = runs[0].fetched.map(([p, n]) => `${path.basename(p)} ${n} B`).join(', ');
  console.log(`  player files after the click: ${files || 'none (all with the page)'}`);
} finally {
  await browser.close();
  await server.close();
}
