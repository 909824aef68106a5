/**
 * Erasing a visitor (Statistics of users (ATK), Total Users; DELETE /api/v1/atk/admin/player/visitors/:id): a global
 * admin erases one visitor from its row (behind a confirmation) and another by its id pasted in Erase a visitor, as
 * for a visitor who sent it by email. The id is checked before anything is sent; 'Visitor erased', the row leaves the
 * list, and the same id again is 'Visitor not found'.
 *
 * The visitors are made as the player makes them: a fresh visitor id's launch of a published instance of the demo
 * brand (POST /widget/events). Nothing is intercepted.
 */
import { LABEL, MSG, STATISTICS_BASE } from '@atk/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { fieldError, signInAs, uid } from './lists.ts';
import { api, apiLogin, baseUrl, DEMO, demoMicrophones, ok, settled, toast } from './support.ts';

test.use({ actionTimeout: 10_000 });
test.setTimeout(90_000);

const CONFIRM = 'Erase everything kept of this visitor? Daily totals stay.';
const scene = { instanceId: '' };

test.beforeAll(async () => {
  const token = await apiLogin(DEMO.customer);
  const [velour] = await demoMicrophones();
  const made = await ok(
    api<{ _id: string }>('POST', '/instances', {
      token,
      body: { general: { name: `Erase Visitors ${uid()}`, is_published: 1 } },
    }),
  );
  await ok(
    api('PUT', `/instances/${made._id}`, {
      token,
      body: {
        products: [{ product_id: velour._id, brand_id: velour.general.brand_id, is_active: 1, order: 1 }],
        other_products: [],
      },
    }),
  );
  scene.instanceId = made._id;
});

/** A visitor the server keeps: a fresh visitor id that launched the instance, as the player sends it. */
async function launchedVisitor(): Promise<string> {
  const visitor_id = crypto.randomUUID();
  const launch = await api<{ token: string | null }>('POST', '/widget/events', {
    body: { visitor_id, events: [{ type: 'launch', instance_id: scene.instanceId }] },
  });
  expect(launch.code, launch.msg).toBe(200);
  expect(launch.data.token, 'a launch token').toBeTruthy();
  return visitor_id;
}

/** DELETE of a visitor straight to the API, as an operator's script would: its envelope's code and msg. */
async function eraseByApi(id: string): Promise<{ code: number; msg: string }> {
  const token = await apiLogin(DEMO.global_admin);
  const res = await fetch(`${baseUrl()}${STATISTICS_BASE}/admin/player/visitors/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { code: number; msg: string };
}

/** Statistics of users (ATK), Total Users, as the global admin: the visitors' table. */
async function openTotalUsers(page: Page) {
  await signInAs(page, DEMO.global_admin, '/global/brands');
  await page.getByTestId('nav-global-statistics-atk').click();
  await expect(page).toHaveURL(/\/global\/statistics\/atk$/);
  await page.getByRole('tab', { name: LABEL.tabTotalUsers, exact: true }).click();
  return page.getByTestId('statistics-visitors');
}

/** The Erase calls the page sends (counted, not intercepted). */
function eraseCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE' && request.url().includes('/admin/player/visitors/')) calls.push(request.url());
  });
  return calls;
}

test('Erase on a visitor’s row: confirmed, Visitor erased, its row leaves the list and the others stay', async ({
  page,
}) => {
  const erased = await launchedVisitor();
  const kept = await launchedVisitor();
  const section = await openTotalUsers(page);
  await expect(section.locator('thead th').last()).toHaveText('Operate');
  const row = section.locator(`tr[data-row-key="${erased}"]`);
  const other = section.locator(`tr[data-row-key="${kept}"]`);
  await expect(row).toBeVisible();
  await expect(other).toBeVisible();
  // the row's Erase names the visitor as its row reads ('Erase Visitor 2')
  const name = (await row.getByTestId('statistics-visitor').textContent()) ?? '';
  expect(name).toMatch(/^Visitor \d+$/);
  await row.getByRole('button', { name: `Erase ${name}`, exact: true }).click();
  const confirm = page.locator('.ant-popover:visible').filter({ hasText: CONFIRM });
  await expect(confirm.getByText(CONFIRM, { exact: true })).toBeVisible();
  await expectAccessible(page, 'Total Users, Erase confirmation');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, MSG.visitorErased)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(other).toBeVisible();
  // the server holds it no more
  expect(await eraseByApi(erased)).toEqual(expect.objectContaining({ code: 404, msg: MSG.visitorNotFound }));
});

test('Erase a visitor by a pasted id: checked before sending, erased, and then not found', async ({ page }) => {
  const visitor = await launchedVisitor();
  const section = await openTotalUsers(page);
  const calls = eraseCalls(page);
  const form = page.getByTestId('erase-visitor');
  await expect(form.getByRole('heading', { level: 2 })).toHaveText('Erase a visitor');
  await expect(form).toContainText(
    'For a visitor who sent us their visitor ID: everything kept of that visitor (its row, its events, its votes and tests) is erased. Daily totals stay, as they name no one.',
  );
  await expect(section.locator(`tr[data-row-key="${visitor}"]`)).toBeVisible();
  await expectAccessible(page, 'Total Users with Erase a visitor');

  // nothing is sent for an empty field or what is not an id
  const box = form.getByLabel('Visitor ID', { exact: true });
  const erase = form.getByRole('button', { name: 'Erase', exact: true });
  await erase.click();
  await expect(fieldError(form, 'Visitor ID')).toHaveText('Please enter the visitor ID');
  await box.fill('visitor 42');
  await erase.click();
  await expect(fieldError(form, 'Visitor ID')).toHaveText(
    'A visitor ID has 36 characters, such as 3f2c8a4e-1b7d-4c9a-9e2f-5d6b7a8c9d0e',
  );
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'Erase a visitor, an id refused');
  expect(calls).toEqual([]);

  // pasted with spaces around it and in capitals, as an email may give it: confirmed, erased, the field emptied
  await box.fill(`  ${visitor.toUpperCase()} `);
  await erase.click();
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: CONFIRM }));
  await expect(dialog).toContainText('Erase a visitor');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, MSG.visitorErased)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(section.locator(`tr[data-row-key="${visitor}"]`)).toHaveCount(0);
  expect(calls).toEqual([`${baseUrl()}${STATISTICS_BASE}/admin/player/visitors/${visitor}`]);

  // the same id again: the server holds no such visitor, and the id stays in the field
  await box.fill(visitor);
  await erase.click();
  await (await settled(page.getByRole('dialog').filter({ hasText: CONFIRM })))
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(toast(page, MSG.visitorNotFound)).toBeVisible();
  await expect(box).toHaveValue(visitor);
  expect(calls).toHaveLength(2);
});
