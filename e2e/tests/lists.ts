/**
 * Clicking through the console's list screens (ListPage + FormDialog + RowAction) as a user: rows, columns,
 * filters, antd selects, dialogs and row actions behind a confirmation. The one helper file of the operator specs.
 */
import { LABEL, MSG } from '@atk/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { api, apiLogin, DEMO, settled, signIn, toast } from './support.ts';

export const DEMO_BRAND = 'Demo Audio';

/** The red message under the form field labelled `label` (not one fading out as another takes its place). */
export const fieldError = (scope: Locator | Page, label: string) =>
  scope
    .locator('.ant-form-item')
    // the inner locator starts from the page: it is matched inside each form item
    .filter({ has: ('goto' in scope ? scope : scope.page()).getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/** Every toast on screen, as text (but the sign-in's own, which may still be up). */
export const toasts = async (page: Page) =>
  (await page.locator('.ant-message-notice').allInnerTexts()).filter((t) => t !== MSG.loginSuccess);

export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (s: string) => new RegExp(`^${escapeRe(s)}$`);

/** Signs in and waits for the role's home, with the user menu showing who is signed in. */
export async function signInAs(page: Page, email: string, home: string) {
  await signIn(page, email);
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRe(home)}$`));
  await expect(page.getByTestId('user-menu')).toHaveText(email);
}

export const headers = (table: Locator) => table.locator('thead th');
export const rows = (table: Locator) => table.locator('tbody tr.ant-table-row');
/** The data row holding `text` in one of its cells (exactly). */
export const row = (table: Locator, text: string) =>
  rows(table).filter({ has: table.page().locator('td').getByText(text, { exact: true }) });

/** Types into a text filter (or field) labelled `label`. */
export async function fill(scope: Locator | Page, label: string, value: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.fill(value);
  await expect(box).toHaveValue(value);
}

/**
 * The antd Select labelled `label` (exact): opens it, types `search` in a searchable one, and clicks the option
 * `option` (retrying a click that landed while the list was still moving in).
 */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  await pick(page, scope, label, option, search);
  await expect(selectShown(scope, label)).toHaveText(exactly(option));
}

/** `choose` without its check of the form item, for a select outside a form (a table's, by its aria-label). */
export async function pick(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  if (search !== undefined) await box.fill(search);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await open.count()) > 0)
      await open
        .locator('.ant-select-item-option')
        .filter({ hasText: exactly(option) })
        .first()
        .click({ timeout: 2000 });
    await expect(open).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 10_000 });
}

/** The antd Select whose input is labelled `label` (exact), in or outside a form; its text is the value shown. */
export const labelledSelect = (scope: Locator, label: string) =>
  scope.locator('.ant-select').filter({ has: scope.page().getByLabel(label, { exact: true }) });

/** What the antd Select of the form item labelled `label` shows. */
export function selectShown(scope: Locator | Page, label: string) {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('.ant-select-content');
}

const filters = (page: Page) => page.locator('.list-page__filters');

/** Types into the list filter labelled `label` (exact). */
export const fillFilter = (page: Page, label: string, value: string) => fill(filters(page), label, value);
export const search = (page: Page) => filters(page).getByRole('button', { name: LABEL.search }).click();
/** Reset of the list's filters (not a row's Reset Password). */
export const reset = (page: Page) => filters(page).getByRole('button', { name: LABEL.reset }).click();

/** The 'No data' of the list whose table has this test id. */
export const emptyList = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-empty-description').getByText('No data', { exact: true });

/** The dialog titled `title`, once its opening zoom has ended. */
export const dialog = (page: Page, title: string) => settled(page.getByRole('dialog', { name: title }));

/** Answers OK to the open confirmation, after checking its text. */
export async function confirmPopover(page: Page, text: string) {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').filter({ hasText: text });
  await expect(pop.getByText(text, { exact: true })).toBeVisible();
  // an OK clicked while the popover still zooms in can be lost
  await expect(pop).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await pop.getByRole('button', { name: 'OK' }).click();
  await expect(pop).toHaveCount(0);
}

/** Clicks the row action `label` of `name` and confirms it ('Confirm to delete this record?' → OK). */
export async function confirmRowAction(
  page: Page,
  label: string,
  name: string,
  question: string = MSG.deleteRecordConfirm,
) {
  await page.getByRole('button', { name: `${label} ${name}`, exact: true }).click();
  await confirmPopover(page, question);
}

/** The nine subscription switches of CUSTOMER EDIT and PLAN EDIT, in the spec's order. */
const SUBSCRIPTION_SWITCHES = [
  LABEL.tabListeningGuide,
  LABEL.tabDiscography,
  LABEL.featureFrequencyGraphs,
  LABEL.tabTechSpecs,
  LABEL.tabImages,
  LABEL.featureOtherBrandsProducts,
  LABEL.featureMyAudio,
  LABEL.featureListenerVotes,
  LABEL.featureAbxTest,
];

/** Exactly the switches named in `on` are checked inside `form`. */
export async function expectSwitches(form: Locator, on: string[]) {
  for (const name of SUBSCRIPTION_SWITCHES) {
    const sw = form.getByRole('switch', { name, exact: true });
    if (on.includes(name)) await expect(sw, name).toBeChecked();
    else await expect(sw, name).not.toBeChecked();
  }
}

/** The demo brand's id, read as an operator would. */
export async function brandIdOf(name = DEMO_BRAND): Promise<string> {
  const token = await apiLogin(DEMO.global_admin);
  const res = await api<{ list: { _id: string; name: string }[] }>(
    'GET',
    `/admin/brands?page_num=1&page_size=1000&is_deleted=false&name=${encodeURIComponent(name)}`,
    { token },
  );
  expect(res.code, res.msg).toBe(200);
  const brand = res.data.list.find((b) => b.name === name);
  expect(brand, `brand ${name}`).toBeTruthy();
  return (brand as { _id: string })._id;
}

/** The edit pages' tabs in order. */
export const PRODUCT_TABS = [
  LABEL.tabGeneral,
  LABEL.tabPrice,
  LABEL.tabImages,
  LABEL.tabAudio,
  LABEL.tabListeningGuide,
  LABEL.tabDiscography,
  LABEL.tabTechSpecs,
  LABEL.tabFrequencyGraph,
];
export const INSTANCE_TABS = [
  LABEL.tabGeneral,
  LABEL.tabFeatures,
  LABEL.tabProducts,
  LABEL.tabSources,
  LABEL.tabImages,
  LABEL.tabBuyButton,
];

/** What a rich-text editor is given piece by piece: plain text, or a piece formatted with the toolbar. */
export type RichPiece =
  | string
  | { bold: string }
  | { italic: string }
  | { underline: string }
  | { link: string; href: string };

/**
 * Writes in the rich-text editor labelled `label` inside `scope` as a user does: clears it, then a level-3 heading
 * and one paragraph made of `pieces`, formatted with the toolbar (Heading, Body, Bold, Italic, Underline, Link).
 */
export async function writeRichText(page: Page, scope: Locator, label: string, heading: string, pieces: RichPiece[]) {
  const editor = scope.getByRole('textbox', { name: label, exact: true });
  const tool = (name: string) =>
    scope.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await tool('Heading').click();
  await page.keyboard.type(heading);
  await page.keyboard.press('Enter');
  await tool('Body').click();
  for (const piece of pieces) {
    if (typeof piece === 'string') await page.keyboard.type(piece);
    else if ('link' in piece) {
      await page.keyboard.type(piece.link);
      for (let i = 0; i < piece.link.length; i++) await page.keyboard.press('Shift+ArrowLeft');
      await tool('Link').click();
      const dialog = await settled(page.getByRole('dialog', { name: 'Link' }));
      await dialog.getByLabel('Link address').fill(piece.href);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog).toBeHidden();
      await page.keyboard.press('End');
    } else {
      const [name, text] =
        'bold' in piece
          ? ['Bold', piece.bold]
          : 'italic' in piece
            ? ['Italic', piece.italic]
            : ['Underline', piece.underline];
      await tool(name).click();
      await page.keyboard.type(text);
      await tool(name).click();
    }
  }
}
