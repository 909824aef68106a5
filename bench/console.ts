/**
 * Signing in to the console on a cold cache: a fresh server with the demo data serves the built console
 * (run `npm run build` first) on loopback; Chromium (CHROMIUM_PATH, /usr/bin/chromium by default), a fresh context
 * each run. Prints:
 *   - the customer's sign-in click → the first product rows drawn, median of BENCH_RUNS (5), target ≤ 1.5 s;
 *   - for each area's demo account, the JavaScript its sign-in loads (files, bytes over the wire and unpacked),
 *     from the click until the area's landing page is drawn and the network is quiet.
 *   npm run bench:console
 */
import type { Page, Request } from 'playwright';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/bootstrap/demo/accounts.ts';
import { launchChromium, startDemoServer } from './demo-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const server = await startDemoServer('console', 4351);
const { origin } = server;
const browser = await launchChromium();

interface Script {
  path: string;
  wire: number;
  unpacked: number;
}

/**
 * A fresh context on /login (what a visitor has before signing in); signs in as `email` and resolves once `drawn`
 * is on screen: the time from the click, and the scripts fetched after it.
 */
async function signIn(email: string, drawn: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.waitForLoadState('networkidle');
  const scripts: Promise<Script>[] = [];
  const onScript = (req: Request) => {
    if (req.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const [sizes, response] = await Promise.all([req.sizes(), req.response()]);
        const body = response ? await response.body() : Buffer.alloc(0);
        return { path: new URL(req.url()).pathname, wire: sizes.responseBodySize, unpacked: body.length };
      })(),
    );
  };
  page.on('requestfinished', onScript);
  const clicked = performance.now();
  await page.getByRole('button', { name: /sign in/i }).click();
  await drawn(page);
  const elapsed = performance.now() - clicked;
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onScript);
  const loaded = await Promise.all(scripts);
  await context.close();
  return { elapsed, scripts: loaded };
}

const firstProductRow = (page: Page) =>
  page.getByTestId('product-list').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

try {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { elapsed } = await signIn('customer@demo.atkplayer.com', firstProductRow);
    times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `customer: sign-in click → first product rows, cold cache, median of ${RUNS}: ${Math.round(median)} ms ` +
      `(target ≤ 1500 ms; runs ${times.map((t) => Math.round(t)).join(', ')} ms)`,
  );

  console.log('JavaScript loaded by signing in (click → landing page drawn and the network quiet):');
  for (const account of DEMO_ACCOUNTS) {
    const { scripts } = await signIn(account.email, async (page) => {
      await page.waitForURL(/\/(client|global|super|atk)\//, { timeout: 60_000 });
      await page.locator('[data-testid^="nav-"]').first().waitFor({ timeout: 60_000 });
    });
    const wire = scripts.reduce((t, s) => t + s.wire, 0);
    const unpacked = scripts.reduce((t, s) => t + s.unpacked, 0);
    console.log(
      `  ${account.role.padEnd(12)} ${String(scripts.length).padStart(2)} files, ${kb(wire).padStart(7)} over the wire, ` +
        `${kb(unpacked).padStart(7)} unpacked`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
