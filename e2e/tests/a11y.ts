import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rule set the product is held to (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Scans what the page shows now with axe-core and fails the test on any critical or serious violation, listing each
 * rule with the elements it found (a target inside the player's shadow root reads "atk-player >> inner selector").
 * `include` narrows the scan to one part (the player: 'atk-player'); `label` names the state in the failure.
 */
export async function expectAccessible(page: Page, label = page.url(), opts: { include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  // A toast fading in or out is half transparent, so its text reads at a fraction of its contrast: scanned once it
  // has settled (the scan is of what the user reads). One that starts to fade out while the scan runs is judged in
  // its fade: scanned again once that has ended (a toast still shown, settled, keeps its finding).
  let result: Awaited<ReturnType<AxeBuilder['analyze']>> | undefined;
  for (let scan = 0; scan < 3 && (!result || (await caughtInMotion(page, result))); scan++) {
    await expect(page.locator(IN_MOTION)).toHaveCount(0);
    result = await builder.analyze();
  }
  const serious = (result as NonNullable<typeof result>).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : t)).join(' '))
          .join(' | ')}${v.nodes.length > 5 ? ` … ${v.nodes.length} in all` : ''}`,
    );
  expect(serious, `axe (WCAG 2.2 AA) on ${label}`).toEqual([]);
}

const IN_MOTION = '[class*="-fade-appear"], [class*="-fade-enter"], [class*="-fade-leave"]';

/**
 * Whether a serious finding is of a toast (or anything in an antd fade) that was moving while it was scanned: its
 * target names a fade, or it is a toast's and no toast is shown settled now (it left, or is leaving).
 */
async function caughtInMotion(page: Page, result: Awaited<ReturnType<AxeBuilder['analyze']>>) {
  const targets = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => JSON.stringify(n.target)));
  if (targets.some((t) => /-fade-(appear|enter|leave)/.test(t))) return true;
  if (!targets.some((t) => t.includes('ant-message'))) return false;
  return (await page.locator('.ant-message-notice').count()) === 0 || (await page.locator(IN_MOTION).count()) > 0;
}

const scanned = new Set<string>();

/**
 * expectAccessible for a state that several tests of a file reach (a tab of the product edit page): the first test
 * of the worker to reach it scans it, the others go on, so the scan costs once.
 */
export async function expectAccessibleOnce(page: Page, state: string, opts: { include?: string } = {}) {
  if (scanned.has(state)) return;
  scanned.add(state);
  await expectAccessible(page, state, opts);
}
