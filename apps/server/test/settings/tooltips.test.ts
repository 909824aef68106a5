/**
 * Tooltips of the player's features (docs/api.md "The player's public API"): admins only, with the defaults every
 * database starts with.
 */
import { randomUUID } from 'node:crypto';
import { MSG, TOOLTIP_FEATURES, type Tooltip } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/bootstrap/seed.ts';
import { DEFAULT_TOOLTIPS } from '../../src/modules/tooltips/defaults.ts';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

type List = { list: Tooltip[]; total_num: number };
const admin = () => users.global_admin.token;
const list = (query: string, token = admin()) => app.call<List>('GET', `/admin/tooltips?${query}`, { token });

describe('/admin/tooltips', () => {
  it('is for the two admin roles only, before any validation', async () => {
    const id = randomUUID();
    await expectAdminOnly(app, users, 'GET', '/admin/tooltips');
    await expectAdminOnly(app, users, 'POST', '/admin/tooltips', { feature: 1, content: 'x' });
    await expectAdminOnly(app, users, 'GET', `/admin/tooltips/${id}`);
    await expectAdminOnly(app, users, 'PUT', `/admin/tooltips/${id}`, { content: 'x' });
    await expectAdminOnly(app, users, 'DELETE', `/admin/tooltips/${id}`);
    // super_admin is an admin too
    expectOk(await list('page_num=1&page_size=20', users.super_admin.token));
  });

  it('starts with one default tooltip per feature, by feature, and seeds them only once', async () => {
    const first = await list('page_num=1&page_size=20&is_deleted=false');
    expectOk(first);
    expect(first.body.data.total_num).toBe(10);
    expect(first.body.data.list.map((t) => [t.feature, t.content])).toEqual(
      TOOLTIP_FEATURES.map((name, feature) => [feature, DEFAULT_TOOLTIPS[name]]),
    );
    expect(DEFAULT_TOOLTIPS.Blind).toBe(
      'Hide the product names and shuffle them, then guess which one you prefer before revealing.',
    );
    // A restart seeds again: nothing is added.
    await seed(app.db, { demo: false });
    expect((await list('page_num=1&page_size=20')).body.data.total_num).toBe(10);
  });

  it('creates, reads, updates, filters and soft-deletes', async () => {
    const created = await app.call<Tooltip>('POST', '/admin/tooltips', {
      token: admin(),
      body: { feature: 7, content: '  Buy it from a dealer near you.  ' },
    });
    expectOk(created, MSG.createTooltipSuccess);
    expect(created.body.data).toMatchObject({ feature: 7, content: 'Buy it from a dealer near you.' });
    expect(Object.keys(created.body.data).sort()).toEqual(['_id', 'content', 'created_at', 'feature', 'updated_at']);
    const id = created.body.data._id;

    const read = await app.call<Tooltip>('GET', `/admin/tooltips/${id}`, { token: admin() });
    expectOk(read);
    expect(read.body.data).toEqual(created.body.data);

    const updated = await app.call<Tooltip>('PUT', `/admin/tooltips/${id}`, {
      token: users.super_admin.token,
      body: { feature: 8, content: 'Level-matched audio.' },
    });
    expectOk(updated, MSG.updateTooltipSuccess);
    expect(updated.body.data).toMatchObject({ _id: id, feature: 8, content: 'Level-matched audio.' });
    // Absent fields stay.
    const partial = await app.call<Tooltip>('PUT', `/admin/tooltips/${id}`, {
      token: admin(),
      body: { content: 'Level-matched audio, always.' },
    });
    expect(partial.body.data).toMatchObject({ feature: 8, content: 'Level-matched audio, always.' });
    expect((await app.call<Tooltip>('GET', `/admin/tooltips/${id}`, { token: admin() })).body.data).toMatchObject({
      feature: 8,
      content: 'Level-matched audio, always.',
    });

    // Filters: feature (an empty value is no filter) and content (anywhere, case-insensitive, % literal).
    const byFeature = await list('page_num=1&page_size=20&feature=8');
    expect(byFeature.body.data.list.map((t) => t.content)).toEqual([
      DEFAULT_TOOLTIPS.AtkpAudio,
      'Level-matched audio, always.',
    ]);
    expect((await list('page_num=1&page_size=20&feature=')).body.data.total_num).toBe(11);
    const byContent = await list('page_num=1&page_size=20&content=LEVEL-MATCHED');
    expect(byContent.body.data.list.map((t) => t._id)).toEqual([id]);
    expect((await list('page_num=1&page_size=20&content=100%25')).body.data.total_num).toBe(0);
    const paged = await list('page_num=2&page_size=4');
    expect(paged.body.data).toMatchObject({ total_num: 11 });
    expect(paged.body.data.list.map((t) => t.feature)).toEqual([4, 5, 6, 7]);

    expectOk(await app.call('DELETE', `/admin/tooltips/${id}`, { token: admin() }), MSG.deleteSuccess);
    expectError(await app.call('GET', `/admin/tooltips/${id}`, { token: admin() }), 404, MSG.tooltipNotFound);
    expect((await list('page_num=1&page_size=20&is_deleted=false')).body.data.total_num).toBe(10);
    const deleted = await list('page_num=1&page_size=20&is_deleted=true');
    expect(deleted.body.data.list.map((t) => t._id)).toEqual([id]);
  });

  it('answers 404 Tooltip not found for an unknown or deleted tooltip', async () => {
    const unknown = randomUUID();
    expectError(await app.call('GET', `/admin/tooltips/${unknown}`, { token: admin() }), 404, MSG.tooltipNotFound);
    expectError(
      await app.call('PUT', `/admin/tooltips/${unknown}`, { token: admin(), body: { content: 'x' } }),
      404,
      MSG.tooltipNotFound,
    );
    expectError(await app.call('DELETE', `/admin/tooltips/${unknown}`, { token: admin() }), 404, MSG.tooltipNotFound);
    const made = await app.call<Tooltip>('POST', '/admin/tooltips', {
      token: admin(),
      body: { feature: 2, content: 'x' },
    });
    const id = made.body.data._id;
    expectOk(await app.call('DELETE', `/admin/tooltips/${id}`, { token: admin() }), MSG.deleteSuccess);
    expectError(await app.call('DELETE', `/admin/tooltips/${id}`, { token: admin() }), 404, MSG.tooltipNotFound);
    expectError(
      await app.call('PUT', `/admin/tooltips/${id}`, { token: admin(), body: { content: 'y' } }),
      404,
      MSG.tooltipNotFound,
    );
  });

  it('names the field of bad input', async () => {
    const post = (body: unknown) => app.call('POST', '/admin/tooltips', { token: admin(), body });
    expectError(await post({ content: 'x' }), 400, 'feature is required');
    expectError(await post({ feature: 1 }), 400, 'content is required');
    expectError(await post({ feature: 1, content: '   ' }), 400, 'content is required');
    expectError(await post({ feature: 10, content: 'x' }), 400, 'feature must be 0 to 9');
    expectError(await post({ feature: -1, content: 'x' }), 400, 'feature must be 0 to 9');
    expectError(await post({ feature: 1.5, content: 'x' }), 400, 'feature must be a whole number');
    expectError(await post({ feature: '1', content: 'x' }), 400, 'feature must be a number');
    expectError(await post({ feature: 1, content: 'x'.repeat(1001) }), 400, 'content must be at most 1000 characters');
    expectError(
      await app.call('PUT', `/admin/tooltips/${randomUUID()}`, { token: admin(), body: { feature: 'Gear' } }),
      400,
      'feature must be a number',
    );
    expectError(await app.call('GET', '/admin/tooltips/nope', { token: admin() }), 400, 'id must be a valid id');
    expectError(await list('feature=12'), 400, 'feature must be 0 to 9');
    expectError(await list('feature=abc'), 400, 'feature must be a number');
    expectError(await list('page_size=5000'), 400, 'page_size must be at most 1000');
  });
});
