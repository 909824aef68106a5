/**
 * The mobile widget on a slow phone: Chromium with CDP Emulation.setCPUThrottlingRate 4 and
 * Network.emulateNetworkConditions (150 ms latency, 1.6 Mbit/s down and up), a fresh browser context (nothing
 * cached), Pixel 7 emulation. A fresh server with the demo data (its audio processed; the recordings made
 * BENCH_SONG_SECONDS long, 180 by default: a real song's length) serves the built console and player (run
 * `npm run build` first). Prints:
 *   - tap on LAUNCH PLAYER → the widget drawn, and the loader + app chunk bytes it fetched;
 *   - tap on Play → the engine playing (first sound), target ≤ 2.5 s;
 *   - the engine's decoded audio (peak) with the three on-screen products playing and switched, target ≤ 60 MB,
 *     and the compressed bytes fetched meanwhile.
 *   npm run bench:mobile            (CHROMIUM_PATH to choose the browser; /usr/bin/chromium by default)
 * BENCH_PAGE_ONLY=1 measures only /mobile until LAUNCH PLAYER is enabled, BENCH_RUNS times (5) in fresh contexts;
 * BENCH_DISTS=dirA,dirB serves each console build on its own port and alternates them (an A/B under the same load).
 */
import path from 'node:path';
import { devices, type Page } from 'playwright';
import { launchChromium, startDemoServer } from './demo-server.ts';

const songSeconds = Number(process.env.BENCH_SONG_SECONDS ?? 180);
const pageOnly = Boolean(process.env.BENCH_PAGE_ONLY);
const server = await startDemoServer('mobile', 4341, { songSeconds, processed: !pageOnly });
const { origin, port } = server;
const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
const { defaultBrowserType: _b, ...pixel7 } = devices['Pixel 7'];
const ms = (n: number) => `${Math.round(n)} ms`;
/** A fresh context on the slow phone profile. */
async function slowPhone(baseURL: string) {
  const context = await browser.newContext({ ...pixel7, baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  const bytesPerSecond = (1.6 * 1_000_000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  // When each request started and finished (ms since the context was made): where the time goes.
  const timeline: string[] = [];
  const start = performance.now();
  page.on('request', (req) =>
    timeline.push(`${ms(performance.now() - start)} → ${new URL(req.url()).pathname.slice(0, 60)}`),
  );
  page.on('requestfinished', (req) =>
    timeline.push(`${ms(performance.now() - start)} ✓ ${new URL(req.url()).pathname.slice(0, 60)}`),
  );
  return { context, page, timeline };
}

/** Opens /mobile and waits until LAUNCH PLAYER is enabled; the time since the navigation began. */
async function openMobile(page: Page) {
  const loadStart = performance.now();
  await page.goto('/mobile');
  await page.getByTestId('launch-player').waitFor();
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="launch-player"]') as HTMLButtonElement)?.disabled,
  );
  return performance.now() - loadStart;
}

if (pageOnly) {
  try {
    const dists = (process.env.BENCH_DISTS ?? server.consoleDist).split(',').map((d) => path.resolve(d));
    const apps = await Promise.all(dists.map((consoleDist, i) => server.serveAlso(consoleDist, port + 1 + i)));
    const times = dists.map(() => [] as number[]);
    for (let run = 0; run < Number(process.env.BENCH_RUNS ?? 5); run++)
      for (const [i] of dists.entries()) {
        const { context, page, timeline } = await slowPhone(`http://127.0.0.1:${port + 1 + i}`);
        times[i].push(await openMobile(page));
        if (process.env.BENCH_TIMELINE) console.log(`${dists[i]}, run ${run + 1}:\n${timeline.join('\n')}`);
        await context.close();
      }
    console.log(
      '/mobile until LAUNCH PLAYER is enabled, Pixel 7, 4× CPU, 150 ms, 1.6 Mbit/s, fresh contexts, alternated',
    );
    for (const [i, dist] of dists.entries()) {
      const sorted = [...times[i]].sort((a, b) => a - b);
      console.log(
        `  ${dist}: median ${ms(sorted[Math.floor(sorted.length / 2)])}, ${ms(sorted[0])}–${ms(sorted[sorted.length - 1])} (${times[i].map(ms).join(', ')})`,
      );
    }
    for (const other of apps) await other.close();
  } finally {
    await browser.close();
    await server.close();
  }
  process.exit(0);
}

try {
  const { context, page, timeline } = await slowPhone(origin);
  const fetched = new Map<string, number>();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!/atk-mobile|\/files\//.test(url.pathname)) return;
    const length = Number(res.headers()['content-length'] ?? 0);
    fetched.set(url.pathname, length);
  });

  const loadStart = performance.now();
  const pageReady = await openMobile(page);
  const launch = page.getByTestId('launch-player');

  const tapLaunch = performance.now();
  await launch.tap();
  const play = page.locator('atk-mobile-player').getByTestId('mobile-play');
  await play.waitFor();
  const drawn = performance.now() - tapLaunch;
  const tapPlay = performance.now();
  await play.tap();
  await page
    .locator('atk-mobile-player [data-testid="mobile-play"][data-state="playing"]')
    .waitFor({ timeout: 120_000 });
  const firstSound = performance.now() - tapPlay;

  // Switch through the three on-screen products while playing, then read the engine's decoded audio.
  const slots = page.locator('atk-mobile-player').getByRole('list', { name: 'Products' }).getByRole('button');
  for (let round = 0; round < 2; round++)
    for (let i = 0; i < 3; i++) {
      await slots.nth(i).tap();
      await page.waitForTimeout(1500);
    }
  const peak = Number(await play.getAttribute('data-peak-decoded-bytes'));
  const now = Number(await play.getAttribute('data-decoded-bytes'));
  const audioFiles = [...fetched].filter(([p]) => p.includes('/files/'));
  const scripts = [...fetched].filter(([p]) => p.includes('atk-mobile'));

  console.log('mobile widget, Pixel 7, 4× CPU slowdown, 150 ms latency, 1.6 Mbit/s, fresh context');
  console.log(`  /mobile ready (launch button enabled):   ${ms(pageReady)}`);
  console.log(
    `  tap LAUNCH PLAYER → widget drawn:        ${ms(drawn)}  (scripts ${scripts.map(([p, n]) => `${path.basename(p)} ${n} B`).join(', ')})`,
  );
  console.log(`  tap Play → engine playing (first sound): ${ms(firstSound)}  target ≤ 2500 ms`);
  console.log(`  recordings fetched: ${audioFiles.length}, ${audioFiles.reduce((s, [, n]) => s + n, 0)} B`);
  console.log(
    `  decoded audio held: now ${(now / 1e6).toFixed(1)} MB, peak ${(peak / 1e6).toFixed(1)} MB (3 products, ${songSeconds} s recordings)  target ≤ 60 MB`,
  );
  if (process.env.BENCH_TIMELINE) console.log(timeline.join('\n'));
  console.log(
    `  (taps at ${ms(tapLaunch - loadStart)} LAUNCH, ${ms(tapPlay - loadStart)} Play; BENCH_TIMELINE=1 lists the requests)`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
