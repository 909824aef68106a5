import { randomBytes } from 'node:crypto';
import { adminUserEndpoints, brandEndpoints, hashPassword, MSG, userEndpoints } from '@atk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { expectAdminOnly, expectError, expectOk, startWithEveryRole, type Users } from '../support/assertions.ts';
import { mailsTo, makeBrand, makeUser, type TestApp } from '../support/harness.ts';

/**
 * Confirming a self sign-up's brand (docs/api.md "A brand's state and scope"): the console learns the brand is
 * pending from /users/info, the owner is mailed once when an operator confirms it (from Customers or Brands), and a
 * name another live brand has is refused at confirmation with that brand named, never at sign-up.
 */
const PASSWORD = 'Signup!2345';
const tag = () => randomBytes(3).toString('hex');

let app: TestApp;
let who: Users;
beforeAll(async () => ({ app, users: who } = await startWithEveryRole()));
afterAll(() => app.close());
// Every request comes from 127.0.0.1: start each test with empty rate-limit windows.
beforeEach(async () => {
  await app.db.delete(rateLimits);
});

/** Signs up as a stranger would, then signs in: the new customer's token, id and brand. */
async function signUp(brandName: string) {
  const email = `pending-${tag()}@confirm.example`;
  const body = { email, password: hashPassword(PASSWORD), password_confirm: hashPassword(PASSWORD) };
  const registered = await app.send(userEndpoints.register, { body: { ...body, brand_name: brandName } });
  await mailsTo(app, email); // the welcome
  const login = await app.send(userEndpoints.login, { body: { email, password: body.password } });
  expectOk(login, MSG.loginSuccess);
  const info = login.body.data.user_info;
  return { registered, email, token: login.body.data.token, id: info._id, brandId: info.master_brand_id ?? '' };
}

const info = async (token: string) => (await app.send(userEndpoints.info, { token })).body.data;
const mailsOf = (to: string) => app.mails.filter((m) => m.to === to);
const confirmCustomer = (id: string) =>
  app.send(adminUserEndpoints.update, {
    params: { id },
    body: { master_brand_status: 'active' },
    token: who.global_admin.token,
  });
const setBrand = (id: string, body: { name?: string; is_published?: 0 | 1 }) =>
  app.send(brandEndpoints.update, { params: { id }, body, token: who.super_admin.token });
/** The background mail goes out just after the answer: wait for it, and a moment for any second one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a pending brand, as its customer sees it', () => {
  it('/users/info answers the brand state: pending after sign-up, active when an operator made it', async () => {
    const pending = await signUp(`Pending Audio ${tag()}`);
    expect(await info(pending.token)).toMatchObject({
      master_brand_status: 'pending',
      master_brand_state: 'pending',
    });
    const brand = await makeBrand(app.db);
    const made = await makeUser(app, 'customer', { brandId: brand.id });
    expect(await info(made.token)).toMatchObject({ master_brand_state: 'active' });
    expect(await info(who.global_admin.token)).toMatchObject({ master_brand_id: null, master_brand_state: null });
    // An operator switching the brand off makes it pending again; deleting it, deleted.
    expectOk(await setBrand(brand.id, { is_published: 0 }), MSG.updateBrandSuccess);
    expect(await info(made.token)).toMatchObject({ master_brand_state: 'pending' });
    expectOk(
      await app.send(brandEndpoints.remove, { params: { id: brand.id }, token: who.global_admin.token }),
      MSG.deleteSuccess,
    );
    expect(await info(made.token)).toMatchObject({ master_brand_state: 'deleted' });
  });

  it('/users/info still needs a session', async () => {
    expectError(await app.send(userEndpoints.info, {}), 401, MSG.unauthorized);
  });
});

describe('confirming a sign-up mails its owner once', () => {
  it('Confirm on Customers publishes the brand and mails the owner once, a second Confirm nothing', async () => {
    const name = `Confirmed Audio ${tag()}`;
    const owner = await signUp(name);
    const res = await confirmCustomer(owner.id);
    expectOk(res, MSG.updateSuccess);
    expect(res.body.data).toMatchObject({ master_brand_status: 'active', master_brand_state: 'active' });
    const [mail] = await mailsTo(app, owner.email, 2);
    expect(mail.subject).toBe('Welcome to ATK Player');
    const confirmed = mailsOf(owner.email)[1];
    expect(confirmed.subject).toBe(`Your brand ${name} is confirmed on ATK Player`);
    expect(confirmed.text).toContain(`An operator confirmed your brand ${name}. Your published players are now public`);
    expect(confirmed.text).toContain('http://portal.test/login');
    expect(await info(owner.token)).toMatchObject({ master_brand_status: 'active', master_brand_state: 'active' });

    expectOk(await confirmCustomer(owner.id), MSG.updateSuccess);
    expectOk(await setBrand(owner.brandId, { is_published: 1 }), MSG.updateBrandSuccess);
    await settle();
    expect(mailsOf(owner.email)).toHaveLength(2);
  });

  it('switching the brand to Active on Brands confirms it too: owner active, one mail', async () => {
    const name = `Brand Screen Audio ${tag()}`;
    const owner = await signUp(name);
    const res = await setBrand(owner.brandId, { is_published: 1 });
    expectOk(res, MSG.updateBrandSuccess);
    expect(res.body.data).toMatchObject({ _id: owner.brandId, name, is_published: 1 });
    const mails = await mailsTo(app, owner.email, 2);
    expect(mails[1].subject).toBe(`Your brand ${name} is confirmed on ATK Player`);
    // The sign-up's own status follows: Customers no longer offers Confirm.
    expect(await info(owner.token)).toMatchObject({ master_brand_status: 'active', master_brand_state: 'active' });
    await settle();
    expect(mailsOf(owner.email)).toHaveLength(2);
  });

  it('a brand name in the mail is text, not markup', async () => {
    const name = `<b>Bold</b> & Co ${tag()}`;
    const owner = await signUp(name);
    expectOk(await confirmCustomer(owner.id), MSG.updateSuccess);
    const [, mail] = await mailsTo(app, owner.email, 2);
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(mail.html).not.toContain('<b>Bold</b>');
  });
});

describe('a sign-up that takes an existing brand name', () => {
  it('is answered as any sign-up, and its confirmation is refused with the clash named until renamed', async () => {
    const taken = `Demo Clash ${tag()}`;
    await makeBrand(app.db, taken);
    // The anonymous sign-up learns nothing: the same answer as for a free name.
    const free = await signUp(`Free Name ${tag()}`);
    const clash = await signUp(`  ${taken.toUpperCase()} `);
    expect(clash.registered).toEqual(free.registered);
    expectOk(clash.registered, MSG.registerReceived);
    expect(clash.registered.body.data).toBeNull();

    const named = MSG.brandConfirmClash.replace('{name}', taken);
    expect(named).toBe(`Another brand is already named "${taken}": rename this brand before confirming it`);
    expectError(await confirmCustomer(clash.id), 409, named);
    expectError(await setBrand(clash.brandId, { is_published: 1 }), 409, named);
    // Nothing changed: still pending on both sides, no mail.
    expect(await info(clash.token)).toMatchObject({ master_brand_status: 'pending', master_brand_state: 'pending' });
    const brand = await app.send(brandEndpoints.read, { params: { id: clash.brandId }, token: who.global_admin.token });
    expect(brand.body.data.is_published).toBe(0);
    await settle();
    expect(mailsOf(clash.email)).toHaveLength(1);

    // Renaming to the taken name is the rename rule's refusal; a free name passes, then Confirm works.
    expectError(await setBrand(clash.brandId, { name: taken }), 409, MSG.brandNameTaken);
    const renamed = `${taken} Two`;
    expectOk(await setBrand(clash.brandId, { name: renamed }), MSG.updateBrandSuccess);
    expectOk(await confirmCustomer(clash.id), MSG.updateSuccess);
    const [, mail] = await mailsTo(app, clash.email, 2);
    expect(mail.subject).toBe(`Your brand ${renamed} is confirmed on ATK Player`);
    expect(await info(clash.token)).toMatchObject({ master_brand_name: renamed, master_brand_state: 'active' });
  });

  it('two pending sign-ups of one name: neither is confirmed until the operator tells them apart', async () => {
    const name = `Twin Audio ${tag()}`;
    const first = await signUp(name);
    const second = await signUp(name.toLowerCase());
    expectError(await confirmCustomer(first.id), 409, MSG.brandConfirmClash.replace('{name}', name.toLowerCase()));
    expectError(await confirmCustomer(second.id), 409, MSG.brandConfirmClash.replace('{name}', name));
    // The copycat deleted: the first is confirmed, and the name is taken from then on.
    expectOk(
      await app.send(brandEndpoints.remove, { params: { id: second.brandId }, token: who.global_admin.token }),
      MSG.deleteSuccess,
    );
    expectOk(await confirmCustomer(first.id), MSG.updateSuccess);
    await mailsTo(app, first.email, 2);
  });

  it('a rename and Active in one save are checked together', async () => {
    const taken = `Save Clash ${tag()}`;
    await makeBrand(app.db, taken);
    const owner = await signUp(taken.toLowerCase());
    // The Edit dialog sends the name it shows: unchanged, so this is the confirmation's refusal, naming the other.
    const unchanged = { name: taken.toLowerCase(), is_published: 1 as const };
    expectError(await setBrand(owner.brandId, unchanged), 409, MSG.brandConfirmClash.replace('{name}', taken));
    expectError(await setBrand(owner.brandId, { name: ` ${taken}`, is_published: 1 }), 409, MSG.brandNameTaken);
    const res = await setBrand(owner.brandId, { name: `${taken} B`, is_published: 1 });
    expectOk(res, MSG.updateBrandSuccess);
    expect(res.body.data).toMatchObject({ name: `${taken} B`, is_published: 1 });
    await mailsTo(app, owner.email, 2);
  });
});

describe('who may confirm', () => {
  it('operators only; an unknown brand or customer is a 404; bad input a 400', async () => {
    const owner = await signUp(`Guarded Audio ${tag()}`);
    await expectAdminOnly(app, who, 'PUT', `/api/v1/atk_player/admin/brands/${owner.brandId}`, { is_published: 1 });
    await expectAdminOnly(app, who, 'PUT', `/api/v1/atk_player/admin/users/${owner.id}`, {
      master_brand_status: 'active',
    });
    // The customer cannot confirm its own brand either.
    expectError(
      await app.send(brandEndpoints.update, {
        params: { id: owner.brandId },
        body: { is_published: 1 },
        token: owner.token,
      }),
      403,
      MSG.forbidden,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await setBrand(unknown, { is_published: 1 }), 404, MSG.brandNotFound);
    expectError(await confirmCustomer(unknown), 404, MSG.userNotFound);
    expectError(
      await app.call('PUT', `/api/v1/atk_player/admin/brands/${owner.brandId}`, {
        body: { is_published: 2 },
        token: who.global_admin.token,
      }),
      400,
      'is_published must be 0 or 1',
    );
    expect(await info(owner.token)).toMatchObject({ master_brand_state: 'pending' });
  });
});
