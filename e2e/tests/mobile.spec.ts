/**
 * The mobile widget on a phone: Pixel 7 emulation (touch, 412 px), a fresh start's /mobile
 * launches `<atk-mobile-player>` with the demo mobile instance, the comparison plays, switching products (tap,
 * swipe, another product picked in) keeps the clock, the plays reach the mobile product statistics, DEALS lists a
 * retailer made through the API, SHARE gives a link that reopens the same selection; at 360 px nothing scrolls
 * sideways and every control is at least 44 px.
 */
import type { MobilePlayerInstance } from '@atk/contract';
import { devices, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { api, apiLogin, baseUrl, DEMO, mobileSettingsTurn, solidPng, swipe, uploadProductFile } from './support';

// The phone, but our own Chromium (the config's launchOptions stay): a describe may not change the browser type.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7, actionTimeout: 15_000 });

const DEMO_MOBILE = 'Demo Mobile';
const SLOTS = ['Lumen C1', 'Velour R2', 'Brick D7'];

let mobile: MobilePlayerInstance;

// atk.spec changes the mobile landing, menu and info pages (and puts them back): these tests read them in turn.
let release: () => Promise<void> = async () => {};
test.beforeEach(async () => {
  test.setTimeout(120_000);
  release = await mobileSettingsTurn();
});
test.afterEach(() => release());

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const turn = await mobileSettingsTurn();
  const setting = await api<{ content: { instance: { _id: string } | null } }>(
    'GET',
    '/widget/settings/mobile_landing_instance',
  ).finally(turn);
  const id = setting.data.content.instance?._id as string;
  // A fresh start processes the demo audio in the background: wait until every product plays on both sources.
  await expect
    .poll(
      async () => {
        mobile = (await api<MobilePlayerInstance>('GET', `/widget/mobile_instances/${id}`)).data;
        return mobile.preparing === 0 && mobile.songs[0]?.sources.every((s) => s.versions.length === 4);
      },
      { timeout: 100_000, intervals: [1000] },
    )
    .toBe(true);
});

const widget = (page: Page) => page.locator('atk-mobile-player').getByRole('dialog', { name: DEMO_MOBILE });
const playButton = (w: Locator) => w.getByTestId('mobile-play');
const position = async (w: Locator) =>
  Number(await w.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-valuenow'));
const slot = (w: Locator, name: string) =>
  w.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^\\d\\s*${name}`) });

async function launch(page: Page): Promise<Locator> {
  await page.goto('/mobile');
  const button = page.getByTestId('launch-player');
  await expect(button).toBeEnabled();
  await button.tap();
  const w = widget(page);
  await expect(w).toBeVisible();
  return w;
}

test('LAUNCH PLAYER on /mobile plays the demo comparison; tap, swipe and another product switch without a restart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const w = await launch(page);
  // The featured products in their slots, the fourth a pick away.
  const slots = w.getByRole('list', { name: 'Products' }).getByRole('button');
  await expect(slots).toHaveCount(3);
  for (const [i, name] of SLOTS.entries()) await expect(slots.nth(i)).toContainText(name);
  await expect(w.getByLabel('More products').locator('option:not([value=""])')).toHaveText(['Demo Audio Pencil S4']);
  await expect(w.getByLabel('Song', { exact: true }).locator('option')).toHaveText(['Morning Light']);
  await expect(w.getByLabel('Source', { exact: true }).locator('option')).toHaveText(['Acoustic Guitar', 'Vocal']);

  const play = playButton(w);
  await expect(play).toBeEnabled({ timeout: 20_000 });
  await play.tap();
  await expect(play).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => position(w), { timeout: 20_000 }).toBeGreaterThan(1);

  // A tap: the same clock goes on.
  const p1 = await position(w);
  await slot(w, 'Velour R2').tap();
  await expect(slot(w, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');
  await expect(slot(w, 'Lumen C1')).toHaveAttribute('aria-pressed', 'false');
  await expect(play).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => position(w)).toBeGreaterThan(p1 + 0.4);

  // A swipe to the left: the next product.
  const p2 = await position(w);
  await swipe(page, -120);
  await expect(slot(w, 'Brick D7')).toHaveAttribute('aria-pressed', 'true');
  await expect(play).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => position(w)).toBeGreaterThan(p2 + 0.4);
  // And back.
  await swipe(page, 120);
  await expect(slot(w, 'Velour R2')).toHaveAttribute('aria-pressed', 'true');

  // Another product takes the selected one's slot and is heard from the same moment.
  const p3 = await position(w);
  await w.getByLabel('More products').selectOption({ label: 'Demo Audio Pencil S4' });
  await expect(slot(w, 'Pencil S4')).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(slot(w, 'Velour R2')).toHaveCount(0);
  await expect(play).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => position(w)).toBeGreaterThan(p3 + 0.4);

  await play.tap();
  await expect(play).toHaveAttribute('data-state', 'paused');

  // Leaving the page sends what the widget gathered (widget_type mobile): the demo brand's mobile product
  // statistics count the plays, as the atk operator reads them.
  await page.goto('/home');
  const admin = await apiLogin(DEMO.global_admin);
  const brands = await api<{ list: { _id: string; name: string }[] }>('GET', '/admin/brands?name=Demo%20Audio', {
    token: admin,
  });
  const brandId = brands.data.list.find((b) => b.name === 'Demo Audio')?._id;
  const atk = await apiLogin(DEMO.atk);
  const day = new Date().toISOString().slice(0, 10);
  await expect
    .poll(async () => {
      const res = await fetch(
        `${baseUrl()}/api/v1/atk/admin/statistics/product/play?start=${day}&end=${day}&brand_id=${brandId}&widget_type=mobile`,
        { headers: { authorization: `Bearer ${atk}` } },
      );
      return ((await res.json()) as { data: { total_num: number } }).data.total_num;
    })
    .toBeGreaterThanOrEqual(1);
});

test('DEALS lists an active retailer made through the API, with the link to its shop', async ({ page }) => {
  const token = await apiLogin(DEMO.atk);
  const name = `Phone Deals ${Date.now()}`;
  // The retailer paths are under /api/v1 (docs/api.md "Retailers and mobile settings"), not the player's base.
  const retailers = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl()}/api/v1/admin/retailers${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data: { _id: string } };
  };
  const created = await retailers('POST', '', {});
  expect(created.code).toBe(200);
  const saved = await retailers('PUT', `/${created.data._id}`, {
    name,
    status: '1',
    website: 'https://shop.example.com/mics',
  });
  expect(saved.code).toBe(200);

  const w = await launch(page);
  await w.getByRole('button', { name: 'DEALS', exact: true }).tap();
  const deals = w.getByRole('region', { name: 'DEALS' });
  const link = deals.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', 'https://shop.example.com/mics');
  await expect(link).toHaveAttribute('target', '_blank');
});

test('SHARE gives a link that reopens the same product, song and source', async ({ page }) => {
  const w = await launch(page);
  await slot(w, 'Brick D7').tap();
  await w.getByLabel('Source', { exact: true }).selectOption({ label: 'Vocal' });
  await expect(slot(w, 'Brick D7')).toHaveAttribute('aria-pressed', 'true');
  await w.getByRole('button', { name: 'SHARE', exact: true }).tap();
  const url = await w.getByTestId('share-url').inputValue();
  expect(url).toContain('atkm_instance=');

  await page.goto(url);
  const again = widget(page);
  await expect(again).toBeVisible();
  await expect(slot(again, 'Brick D7')).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByLabel('Source', { exact: true })).toHaveValue(
    mobile.songs[0].sources.find((s) => s.name === 'Vocal')?._id as string,
  );
  await expect(again.getByLabel('Song', { exact: true })).toHaveValue(mobile.songs[0]._id);
});

test('ABOUT & HELP shows the Listening Tips and FAQ the atk operator wrote, as tabs, and closes', async ({ page }) => {
  // The operator writes Widget Content (mobile_infos) through its API; other tests read it: put back at the end.
  const token = await apiLogin(DEMO.atk);
  const INFOS = '/admin/settings/mobile_infos';
  const before = await api<{ content: unknown }>('GET', INFOS, { token });
  const stamp = Date.now();
  const tips = `Wear headphones and sit in a quiet room ${stamp}.`;
  const question = 'Why does a switch not restart the song?';
  const answer = `All products play locked to one clock ${stamp}.`;
  try {
    const saved = await api('PUT', INFOS, {
      token,
      body: {
        content: {
          listening_tips: `<h3>Before you listen</h3><p>${tips}</p>`,
          about_us: '',
          faq: `<p><strong>${question}</strong></p><p>${answer}</p>`,
        },
      },
    });
    expect(saved.code).toBe(200);

    await page.setViewportSize({ width: 360, height: 740 });
    const w = await launch(page);
    const entry = w
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('button', { name: 'ABOUT & HELP', exact: true });
    // After the operator's menu, as its last entry.
    await expect(w.getByRole('navigation', { name: 'Menu' }).getByRole('button').last()).toHaveText('ABOUT & HELP');
    await entry.tap();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    const sheet = w.getByRole('region', { name: 'ABOUT & HELP' });
    // Only the pages with content (About Us is empty), Listening Tips first.
    const tabs = sheet.getByRole('tab');
    await expect(tabs).toHaveText(['Listening Tips', 'FAQ']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const shown = sheet.getByRole('tabpanel');
    await expect(shown.getByRole('heading', { name: 'Before you listen', exact: true })).toBeVisible();
    await expect(shown.locator('p')).toHaveText([tips]);

    await sheet.getByRole('tab', { name: 'FAQ', exact: true }).tap();
    await expect(sheet.getByRole('tab', { name: 'FAQ', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(shown.locator('p')).toHaveText([question, answer]);
    await expect(shown.locator('strong')).toHaveText(question);

    // A phone's width: nothing scrolls sideways, the entry, the tabs and the close button are at least 44 px.
    const sideways = await page.evaluate(() => {
      const body = document.querySelector('atk-mobile-player')?.shadowRoot?.querySelector('.body') as HTMLElement;
      return body.scrollWidth - body.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    const close = sheet.getByRole('button', { name: 'Close ABOUT & HELP', exact: true });
    for (const target of [entry, tabs.first(), tabs.last(), close]) {
      const box = await target.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    }

    // The keyboard: arrows move between the tabs; Escape closes the sheet (not the widget), the focus back on the entry.
    await sheet.getByRole('tab', { name: 'FAQ', exact: true }).press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await expect(shown.getByRole('heading', { name: 'Before you listen', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(entry).toBeFocused();
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
    await expect(w).toBeVisible();

    // And the close button.
    await entry.tap();
    await close.tap();
    await expect(sheet).toHaveCount(0);
  } finally {
    await api('PUT', INFOS, { token, body: { content: before.data.content } });
  }
});

test('at 360 px nothing scrolls sideways and every control is at least 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const w = await launch(page);
  const noSideScroll = async () => {
    const widths = await page.evaluate(() => {
      const host = document.querySelector('atk-mobile-player') as HTMLElement;
      const body = host.shadowRoot?.querySelector('.body') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        body: body.scrollWidth - body.clientWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(0);
    expect(widths.body).toBeLessThanOrEqual(0);
  };
  const bigEnough = async () => {
    const small = await page.evaluate(() => {
      const host = document.querySelector('atk-mobile-player') as HTMLElement;
      const controls = Array.from(
        host.shadowRoot?.querySelectorAll<HTMLElement>('button, select, input, .menu a, .deals a') ?? [],
      );
      return [...controls]
        .filter((c) => c.getClientRects().length > 0)
        .map((c) => ({ what: c.outerHTML.slice(0, 80), ...c.getBoundingClientRect().toJSON() }))
        .filter((b) => b.height < 44 || b.width < 44);
    });
    expect(small).toEqual([]);
  };
  // Table cells wrap between words, never inside one (the frequency bands' names and descriptions).
  const noBrokenWords = async () => {
    const broken = await page.evaluate(() => {
      const host = document.querySelector('atk-mobile-player') as HTMLElement;
      const cells = Array.from(host.shadowRoot?.querySelectorAll('.sheet th, .sheet td') ?? []);
      const out: string[] = [];
      for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index ?? 0);
            range.setEnd(node, (word.index ?? 0) + word[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
            if (lines.size > 1) out.push(word[0]);
          }
        }
      }
      return out;
    });
    expect(broken).toEqual([]);
  };
  await noSideScroll();
  await bigEnough();
  expect(mobile.menu).toContain('FREQUENCY GRAPHS');
  for (const entry of mobile.menu) {
    await w.getByRole('button', { name: entry, exact: true }).tap();
    await expect(w.getByRole('region', { name: entry })).toBeVisible();
    await noSideScroll();
    await bigEnough();
    await noBrokenWords();
  }
});

test('the opened widget passes axe at 390 px and on a desktop, with each sheet open; keys move the position', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const w = await launch(page);
  const scanAll = async (width: string) => {
    const scan = (state: string) =>
      expectAccessible(page, `the mobile widget at ${width}: ${state}`, { include: 'atk-mobile-player' });
    await scan('opened');
    for (const entry of mobile.menu) {
      await w.getByRole('button', { name: entry, exact: true }).click();
      await expect(w.getByRole('region', { name: entry })).toBeVisible();
      await scan(entry);
    }
    await w.getByRole('button', { name: `Close ${mobile.menu[mobile.menu.length - 1]}` }).click();
  };
  await scanAll('390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await scanAll('1280 px');

  // The position is a slider read as the clock ('0:05 of 0:22'); arrows move it by 5 s, as on the desktop.
  await expect(playButton(w)).toBeEnabled({ timeout: 20_000 });
  const seek = w.getByRole('slider', { name: 'Playback position' });
  await expect.poll(async () => Number(await seek.getAttribute('max')), { timeout: 20_000 }).toBeGreaterThan(10);
  await seek.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => position(w)).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(w)).toBe(5);
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:05 of 0:\d\d$/);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position(w)).toBe(0);
});

test('an 800×600 product picture is cropped to a square in its slot, not squashed', async ({ page }) => {
  const token = await apiLogin(DEMO.customer);
  const found = await api<{ list: { _id: string; general: { name: string }; images?: unknown }[] }>(
    'GET',
    '/products?page_num=1&page_size=20&name=Velour%20R2',
    { token },
  );
  const velour = found.data.list.find((p) => p.general.name === 'Velour R2');
  expect(velour).toBeTruthy();
  const id = velour?._id as string;
  const before = await api<{ images?: unknown }>('GET', `/products/${id}`, { token });
  const url = await uploadProductFile(
    token,
    id,
    { bytes: solidPng('#60a5fa', 800, 600), type: 'image/png', name: 'velour-800x600.png' },
    { image: 0, type: 'thumbnail' },
  );
  const images = { thumbnail: { url, name: 'velour-800x600.png' }, large: null, additional_images: [], group_360: [] };
  const put = (content: unknown) => api('PUT', `/products/${id}`, { token, body: { type: 'images', content } });
  expect((await put(images)).code).toBe(200);
  try {
    const w = await launch(page);
    const img = slot(w, 'Velour R2').locator('img');
    await expect(img).toHaveAttribute('src', new RegExp(`${url.split('/').pop()}$`));
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(800);
    const look = await img.evaluate((i) => {
      const s = getComputedStyle(i);
      const box = i.getBoundingClientRect();
      return { square: Math.abs(box.width - box.height) <= 1, fit: `${s.objectFit} ${s.objectPosition}` };
    });
    expect(look).toEqual({ square: true, fit: 'cover 50% 50%' });
  } finally {
    await put(
      (before.data as { images?: unknown }).images ?? {
        thumbnail: null,
        large: null,
        additional_images: [],
        group_360: [],
      },
    );
  }
});
