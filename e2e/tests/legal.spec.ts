/**
 * The static legal pages: Terms of Service dated August 28, 2021 and the Privacy Policy with
 * the visitor header, each with the content points the specification lists.
 */
import { LABEL, PRIVACY_EMAIL, VISITOR_ID_MAX_MONTHS } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';

const TERMS_DATE = 'August 28, 2021';

/** The paragraph or list item of the document that contains `anchor`. */
const block = (page: Page, anchor: string) => page.locator('main :is(p, li)', { hasText: anchor });

/** The blocks (paragraphs, lists) between the heading `title` and the next heading. */
const section = (page: Page, title: string) =>
  page.locator(
    `xpath=//main/h2[normalize-space(.)="${title}"]/following-sibling::*[not(self::h2)][preceding-sibling::h2[1][normalize-space(.)="${title}"]]`,
  );

/** The section under the heading `title` contains each phrase verbatim (whitespace normalised). */
async function expectSection(page: Page, title: string, ...phrases: string[]) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  const blocks = section(page, title);
  expect(await blocks.count()).toBeGreaterThan(0);
  const text = (await blocks.allTextContents()).join(' ').replace(/\s+/g, ' ');
  for (const phrase of phrases) expect(text).toContain(phrase);
}

test.describe('Terms of Service', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/terms');
  });

  test('has its title, its date and the visitor header', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.termsOfService);
    await expect(page.getByTestId('legal-date')).toContainText(TERMS_DATE);
    await expect(page.getByTestId('header-account')).toHaveText(LABEL.signIn);
    await expectAccessible(page, '/terms');
  });

  test('minimum age is 18', async ({ page }) => {
    await expectSection(
      page,
      '1. Eligibility',
      'You must be at least 18 years old and able to enter into a binding contract',
    );
    await expectSection(page, '1. Eligibility', 'under 18');
  });

  test('liability is capped at the greater of 6 months of revenue or USD 500', async ({ page }) => {
    await expectSection(
      page,
      '13. Limitation of liability',
      'limited to the greater of (a) the revenue we received from you in the 6 months before the event giving rise to the claim, or (b) USD 500.',
    );
  });

  test('claims must be brought within 1 year', async ({ page }) => {
    await expectSection(
      page,
      '15. Time limit for claims',
      'must be brought within 1 year after the cause of action arises',
    );
  });

  test('there are no refunds', async ({ page }) => {
    await expectSection(
      page,
      '5. No refunds',
      'All fees are non-refundable.',
      'We do not give refunds or credits for partial terms',
    );
  });

  test('commitment subscriptions run 3 or 6 months or 1 or 2 years', async ({ page }) => {
    await expectSection(
      page,
      '4. Subscriptions and commitment terms',
      'Plans are offered as commitment subscriptions with a term of 3 months, 6 months, 1 year or 2 years',
    );
  });

  test('links to the Privacy Policy and back', async ({ page }) => {
    await page.getByRole('contentinfo').getByRole('link', { name: LABEL.privacyPolicy, exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.privacyPolicy);
    await page.getByRole('contentinfo').getByRole('link', { name: LABEL.termsOfService, exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.termsOfService);
  });
});

test.describe('Privacy Policy', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/privacy');
  });

  test('has its title and the visitor header, whose SIGN IN leads to sign-in', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABEL.privacyPolicy);
    const account = page.getByTestId('header-account');
    await expect(account).toHaveText(LABEL.signIn);
    await expect(account).toHaveAttribute('href', '/client/products');
    await expectAccessible(page, '/privacy');
    await account.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclient%2Fproducts$/);
  });

  test('credits DB-IP for the visitors’ places, with a link to db-ip.com', async ({ page }) => {
    const credit = page.getByTestId('geo-attribution');
    await expect(credit).toHaveText('IP geolocation by DB-IP (db-ip.com), CC BY 4.0');
    await expect(credit.getByRole('link', { name: 'db-ip.com', exact: true })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });

  test('opt-out requests are processed within up to 10 business days', async ({ page }) => {
    await expectSection(
      page,
      '5. Opting out',
      'We complete the processing of an opt-out request within up to 10 business days.',
    );
  });

  test('California requests are answered within 30 days', async ({ page }) => {
    await expectSection(
      page,
      '8. California residents',
      'We answer verifiable California requests within 30 days of receiving them.',
    );
  });

  test('lists every data-subject right', async ({ page }) => {
    const rights = section(page, '7. Your rights').locator('li > strong');
    await expect(rights).toHaveText([
      'access',
      'correct',
      'delete',
      'restrict',
      'data portability',
      'object',
      'safeguards for transfers',
      'complaint',
    ]);
    await expect(block(page, 'safeguards for transfers')).toContainText(
      'obtain information about the safeguards for transfers of your data outside your country',
    );
    await expect(block(page, 'complaint')).toContainText(
      'lodge a complaint with the data protection supervisory authority',
    );
  });

  test('states how long data is kept', async ({ page }) => {
    await expectSection(
      page,
      '6. How long we keep data',
      'We keep account data for as long as your account is open',
      'When data is no longer needed, we delete or anonymise it.',
    );
  });

  test('children aged 14 to 17 in the EU need the consent of a parent or guardian', async ({ page }) => {
    await expectSection(
      page,
      '9. Children',
      'If you are in the European Union and aged 14 to 17, you may listen through a player only with the consent of a parent or guardian.',
    );
  });

  test('transfers to the United States rely on standard contractual clauses and a privacy framework', async ({
    page,
  }) => {
    await expectSection(
      page,
      '10. International transfers',
      'When we transfer personal data to the United States',
      'we rely on the standard contractual clauses approved by the European Commission',
      'EU-U.S. Data Privacy Framework (a privacy framework recognised as offering adequate protection)',
    );
  });

  test('requests go to the privacy contact address', async ({ page }) => {
    await expectSection(
      page,
      '11. Making a request',
      `Send requests about your data to our privacy contact at ${PRIVACY_EMAIL}.`,
    );
    const mail = section(page, '11. Making a request').getByRole('link', { name: PRIVACY_EMAIL, exact: true });
    await expect(mail).toHaveAttribute('href', `mailto:${PRIVACY_EMAIL}`);
    // every privacy mail link on the page points at the same address
    const all = page.locator('main a[href^="mailto:"]');
    expect(await all.count()).toBeGreaterThanOrEqual(3);
    for (const href of await all.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toBe(`mailto:${PRIVACY_EMAIL}`);
    }
  });

  test('says what the player keeps of its visitors, for how long, and how to erase it', async ({ page }) => {
    const text = async (testId: string) =>
      ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();
    expect(VISITOR_ID_MAX_MONTHS).toBe(13);
    expect(await text('privacy-player-visitor')).toBe(
      'The player’s visitor id: in its standard mode the player keeps an anonymous visitor id (a random code, not your name or email address) in your browser, for the site you listen on, and replaces it with a new one after 13 months. For each visitor id we keep a row: when it was first seen, the page it was first seen on (its sign-up page), its sign ins and launches, and the city, region and country looked up from the IP address when the player is launched; the address itself is never stored. The brand whose player it is sees these rows for its own players, each visitor by a number, beside its daily totals.',
    );
    expect(await text('privacy-player-strict')).toBe(
      'Strict privacy, Global Privacy Control and consent: a brand can set its player to strict privacy mode, and a browser that sends Global Privacy Control gets that mode by itself: the player then stores nothing on your device and keeps no visitor row, and your visit counts within one day only, under a code that changes every day and cannot be linked from one day to the next. A brand can also have the player wait for your consent: until you accept, it stores nothing on your device.',
    );
    await expectSection(
      page,
      '6. How long we keep data',
      'The player’s raw events are kept 400 days, then deleted. A visitor row not seen for 25 months is deleted. The daily totals (launches, plays, listening time, clicks, votes and new visitors per day) are kept, as they identify no one. The visitor id in your browser is replaced after 13 months.',
    );
    await expectSection(
      page,
      '7. Your rights',
      'To erase what the player keeps of you, use Forget me in the player’s information panel: it erases what our servers keep under your browser’s visitor id. Or write to ',
      ' with your visitor id (the id the player keeps in your browser for the site you listen on), and we erase it. Either way, the daily totals stay, as they name no one.',
    );
    await expect(page.getByTestId('privacy-player-erase').getByRole('link', { name: PRIVACY_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${PRIVACY_EMAIL}`,
    );
    // no longer the claim that the player's data is used only in aggregate
    await expect(page.locator('main')).not.toContainText('aggregated');
  });

  test('identity checks apply and a fee may be charged for unfounded requests', async ({ page }) => {
    await expectSection(
      page,
      '11. Making a request',
      'we apply identity checks before acting on a request',
      'we may charge a reasonable fee, or refuse to act, when a request is manifestly unfounded or excessive',
    );
  });
});
