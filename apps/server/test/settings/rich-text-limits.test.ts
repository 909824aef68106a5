/**
 * Stored rich text never breaks a read (docs/api.md "Rich text"): a text within the input limit that
 * cleaning makes longer (`&` → `&amp;`, unclosed tags closed, links given target and rel) is refused with a 400
 * naming the field and its limit, and the longest text a save accepts is read back by every endpoint that carries
 * it, the public reads included. Before, such a save was a 500 and every later read of it too.
 */
import {
  GUIDE_TABS,
  INFO_PAGES,
  LISTENING_GUIDE_MAX,
  type MobilePlayerInstance,
  MSG,
  type PlayerInstance,
  type Product,
  RICH_TEXT_MAX,
} from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/assertions.ts';
import type { Reply, TestApp } from '../support/harness.ts';
import { type PublishedInstance, publishedInstance } from '../support/published-instance.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
let desktop: PublishedInstance;
let mobileId: string;

beforeAll(async () => {
  ({ app, t } = await startWithTenants());
  desktop = await publishedInstance(app, t.a, t.brandA.id);
  const mobile = await app.call<{ _id: string }>('POST', '/api/v1/admin/mobile_instances', {
    token: t.users.atk.token,
    body: { general: { name: 'Mobile', is_published: 1 } },
  });
  expectOk(mobile, MSG.createInstanceSuccess);
  mobileId = mobile.body.data._id;
}, 60_000);
afterAll(() => app.close());

/** Texts within `max` as sent that cleaning makes longer than `max` (the three shapes, scaled to `max`). */
const growing = (max: number) => {
  const link = `<a href="https://example.com/${'p'.repeat(40)}">l</a>`;
  return {
    ampersands: '&'.repeat(Math.floor(max * 0.3)),
    unclosed: '<p>'.repeat(Math.floor(max * 0.33)),
    links: link.repeat(Math.floor(max / link.length)),
  };
};
/** The longest text a save keeps: `&` stored as `&amp;`, exactly `max` characters once cleaned. */
const longest = (max: number) => '&'.repeat(max / 5);

interface RichField {
  /** The write, with `text` in the one field under test. */
  save: (text: string) => Promise<Reply<unknown>>;
  /** The field as the 400 names it. */
  field: string;
  max: number;
  /** Every read carrying the field, each answering the stored text. */
  reads: () => Promise<string>[];
}

const guideTabs = (text: string, tab: string) => Object.fromEntries(GUIDE_TABS.map((k) => [k, k === tab ? text : '']));
const infoPages = (text: string, page: string, pages: readonly string[] = INFO_PAGES) =>
  Object.fromEntries(pages.map((k) => [k, k === page ? text : '']));
const MOBILE_PAGES = ['listening_tips', 'about_us', 'faq'] as const;

async function read<T>(path: string, token?: string): Promise<T> {
  const res = await app.call<T>('GET', path, { token });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
}
type Setting = { content: Record<string, string> };

const fields = (): RichField[] => [
  ...GUIDE_TABS.map((tab) => ({
    field: `content.${tab}`,
    max: RICH_TEXT_MAX,
    save: (text: string) =>
      app.call('PUT', '/admin/settings/guide', {
        token: t.users.global_admin.token,
        body: { content: guideTabs(text, tab) },
      }),
    reads: () => [
      read<Setting>('/settings/guide', t.a.token).then((d) => d.content[tab]),
      read<Setting>('/admin/settings/guide', t.users.global_admin.token).then((d) => d.content[tab]),
    ],
  })),
  ...INFO_PAGES.map((page) => ({
    field: `content.${page}`,
    max: RICH_TEXT_MAX,
    save: (text: string) =>
      app.call('PUT', '/admin/settings/infos', {
        token: t.users.global_admin.token,
        body: { content: infoPages(text, page) },
      }),
    reads: () => [
      read<Setting>('/admin/settings/infos', t.users.global_admin.token).then((d) => d.content[page]),
      read<PlayerInstance>(`/widget/instances/${desktop.id}`).then((d) => d.infos[page]),
    ],
  })),
  ...MOBILE_PAGES.map((page) => ({
    field: `content.${page}`,
    max: RICH_TEXT_MAX,
    save: (text: string) =>
      app.call('PUT', '/admin/settings/mobile_infos', {
        token: t.users.atk.token,
        body: { content: infoPages(text, page, MOBILE_PAGES) },
      }),
    reads: () => [
      read<Setting>('/admin/settings/mobile_infos', t.users.atk.token).then((d) => d.content[page]),
      read<MobilePlayerInstance>(`/widget/mobile_instances/${mobileId}`).then((d) => d.infos[page]),
    ],
  })),
  {
    field: 'content.content',
    max: LISTENING_GUIDE_MAX,
    save: (text: string) =>
      app.call('PUT', `/products/${desktop.product.id}`, {
        token: t.a.token,
        body: { type: 'listening_guide', content: { content: text } },
      }),
    reads: () => [
      read<Product>(`/products/${desktop.product.id}`, t.a.token).then((d) => d.listening_guide?.content ?? ''),
      read<PlayerInstance>(`/widget/instances/${desktop.id}`).then(
        (d) => d.products.find((p) => p._id === desktop.product.id)?.listening_guide ?? '',
      ),
    ],
  },
];

describe('rich text measured as stored', () => {
  it('a text that cleaning makes longer than the limit is a 400 naming the field and its limit; reads unharmed', async () => {
    for (const rich of fields()) {
      expectOk(await rich.save('<p>kept</p>'), MSG.updateSuccess);
      for (const [shape, text] of Object.entries(growing(rich.max))) {
        expect(text.length, shape).toBeLessThanOrEqual(rich.max);
        expectError(
          await rich.save(text),
          400,
          `${rich.field} must be at most ${rich.max} ${MSG.richTextCleanedLimit}`,
        );
      }
      for (const value of await Promise.all(rich.reads())) expect(value, rich.field).toBe('<p>kept</p>');
    }
  });

  it('the longest text a save keeps is read back whole by every endpoint carrying it, public reads included', async () => {
    for (const rich of fields()) {
      const stored = '&amp;'.repeat(rich.max / 5);
      expectOk(await rich.save(longest(rich.max)), MSG.updateSuccess);
      expect(stored).toHaveLength(rich.max);
      for (const value of await Promise.all(rich.reads())) expect(value, rich.field).toBe(stored);
      expectOk(await rich.save(''), MSG.updateSuccess);
    }
  });
});
