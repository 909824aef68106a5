/**
 * An accessibility survey of the whole console, beyond what the browser tests reach: a fresh server
 * with the demo data serves the built console (run `npm run build` first); each demo account signs in, and every
 * screen of its area is scanned with axe-core (the WCAG 2.2 AA tags of e2e/tests/a11y.ts), with each list's first
 * edit page and each of its tabs, at 1280 and 390 px wide. Prints the serious and critical violations per screen
 * and their totals.
 *   node --import tsx bench/a11y-survey.ts
 */

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/server/src/bootstrap/demo/accounts.ts';
import { WCAG_TAGS } from '../e2e/tests/a11y.ts';
import { launchChromium, startDemoServer } from './demo-server.ts';

const server = await startDemoServer('a11y-survey', 4371);
const { origin } = server;
const browser = await launchChromium();

const AREAS: Record<string, string> = {
  customer: '/client',
  global_admin: '/global',
  super_admin: '/super',
  atk: '/atk',
};
const PUBLIC = ['/home', '/mobile', '/login', '/recover', '/terms', '/privacy', '/no-such-page'];
let serious = 0;
let critical = 0;
let screens = 0;

async function scan(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  screens++;
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    if (v.impact === 'serious') serious += v.nodes.length;
    else critical += v.nodes.length;
    const where = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    console.log(`  ${label}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${where}`);
  }
}

async function tabsOf(page: Page, label: string) {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  for (let i = 1; i < count; i++) {
    await tabs.nth(i).click();
    await scan(page, `${label} › ${(await tabs.nth(i).textContent())?.trim()}`);
  }
}

try {
  for (const width of [1280, 390]) {
    console.log(`── ${width} px`);
    const context = await browser.newContext({ baseURL: origin, viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const p of PUBLIC) {
      await page.goto(p);
      await scan(page, p);
    }
    await context.close();
    for (const account of DEMO_ACCOUNTS) {
      const ctx = await browser.newContext({ baseURL: origin, viewport: { width, height: 900 } });
      const pg = await ctx.newPage();
      await pg.goto('/login');
      await pg.getByLabel('Email').fill(account.email);
      await pg.getByLabel('Password').fill(DEMO_PASSWORD);
      await pg.getByRole('button', { name: /sign in/i }).click();
      await pg.waitForURL((u) => u.pathname.startsWith(AREAS[account.role]));
      await pg.waitForLoadState('networkidle');
      if (width < 768) await pg.getByRole('button', { name: /menu/i }).first().click();
      await pg.locator('[data-testid^="nav-"]').first().waitFor({ state: 'attached' });
      // Every link of the area's menu (the sidebar, opened on a phone), then each list's first edit page.
      const links = await pg.evaluate(
        (base) =>
          [
            ...new Set(
              [...document.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href).pathname),
            ),
          ].filter((h) => h.startsWith(base)),
        AREAS[account.role],
      );
      console.log(`${account.email} at ${new URL(pg.url()).pathname}: ${links.length} menu links`);
      for (const link of links) {
        await pg.goto(link);
        await scan(pg, link);
        await tabsOf(pg, link);
        const edit = await pg.evaluate(() => (document.querySelector('a[href*="/edit"]') as HTMLAnchorElement)?.href);
        if (edit) {
          await pg.goto(edit);
          await scan(pg, new URL(edit).pathname);
          await tabsOf(pg, new URL(edit).pathname);
        }
      }
      await ctx.close();
    }
  }
  console.log(`${screens} screens scanned: ${critical} critical, ${serious} serious`);
} finally {
  await browser.close();
  await server.close();
}
