import { fieldErrorsData, MSG, type Product } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

const entry = { artist: 'A', song: 'S', producer_engineer: '', instruments: '', spotify_link: '', tidal_link: '' };

describe('validation 400s carry the refused fields', () => {
  it('lists every refused field with its path, a machine-readable reason and the bound', async () => {
    const created = await app.call<Product>('POST', '/products', {
      token: t.a.token,
      body: { general: { name: 'Messages mic', category_id: t.category.id } },
    });
    const res = await app.call('PUT', `/products/${created.body.data._id}`, {
      token: t.a.token,
      body: {
        type: 'discography',
        content: [
          entry,
          { ...entry, spotify_link: 'javascript:alert(1)', tidal_link: 'ftp://x', artist: 'x'.repeat(201) },
        ],
      },
    });
    expect(res.status).toBe(400);
    // the msg stays one readable sentence about the first field, for whoever reads the API by hand
    expect(res.body.msg).toBe('content.1.artist must be at most 200 characters');
    expect(fieldErrorsData.parse(res.body.data).errors).toEqual([
      { path: ['content', 1, 'artist'], reason: 'too_long', limit: 200, message: 'must be at most 200 characters' },
      { path: ['content', 1, 'spotify_link'], reason: 'url', message: `${MSG.httpUrlOnly} or a spotify: URI` },
      { path: ['content', 1, 'tidal_link'], reason: 'url', message: MSG.httpUrlOnly },
    ]);
  });

  it('names a missing field as required, a phone that is not one as format; other errors keep data null', async () => {
    const res = await app.call('PUT', '/users/profile', {
      token: t.a.token,
      body: { company_website: 'www.example.com', phone: 'call me', company_phone: 5 },
    });
    expectError(res, 400, `company_website ${MSG.httpUrlOnly}`);
    expect(res.body.data).toEqual({
      errors: [
        { path: ['company_website'], reason: 'url', message: MSG.httpUrlOnly },
        { path: ['company_phone'], reason: 'type', message: 'must be text' },
        { path: ['phone'], reason: 'format', message: MSG.phoneLike },
      ],
    });
    const missing = await app.call('POST', '/products', {
      token: t.a.token,
      body: { general: { category_id: t.category.id } },
    });
    expect(missing.body).toEqual({
      code: 400,
      msg: 'general.name is required',
      data: { errors: [{ path: ['general', 'name'], reason: 'required', message: 'is required' }] },
    });
    // errors that are not about a field keep data null
    expectError(await app.call('GET', '/products'), 401, MSG.unauthorized);
  });
});
