import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hashPassword, INVITATION_TTL_DAYS, type Invitation, type ListData, MSG, type UserInfo } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../src/db/schema.ts';
import { expectAdminOnly, expectError, expectOk, type Users, usersOfEveryRole } from '../support/assertions.ts';
import { makeBrand, makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

const NEW_PASSWORD = 'Invited!2345';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let app: TestApp;
let users: Users;
let brand: Awaited<ReturnType<typeof makeBrand>>;
beforeAll(async () => {
  app = await startTestApp();
  users = await usersOfEveryRole(app);
  brand = await makeBrand(app.db, `Invite Brand ${randomBytes(3).toString('hex')}`);
});
afterAll(() => app.close());

const freshEmail = (tag = 'invitee') => `${tag}-${randomBytes(4).toString('hex')}@invite.example`;

function invite(body: unknown, token = users.global_admin.token) {
  return app.call<Invitation>('POST', '/admin/invitations', { token, body });
}

function openLink(uuid: string) {
  return app.call<{ user_info: UserInfo; token: string }>('GET', `/invitations/${uuid}`);
}

function setPassword(token: string, password = NEW_PASSWORD) {
  return app.call('POST', '/users/update_password', {
    token,
    body: { origin_password: '', new_password: hashPassword(password), password_confirm: hashPassword(password) },
  });
}

function login(email: string, password: string) {
  return app.call<{ token: string; user_info: UserInfo }>('POST', '/users/login', {
    body: { email, password: hashPassword(password) },
  });
}

const mailsTo = (email: string) => app.mails.filter((m) => m.to === email);

describe('POST /admin/invitations', () => {
  it('is for admins only', async () => {
    const email = freshEmail();
    await expectAdminOnly(app, users, 'POST', '/admin/invitations', { email, brand_id: brand.id });
    expect(mailsTo(email)).toEqual([]);
    const list = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${email}`, {
      token: users.global_admin.token,
    });
    expect(list.body.data.total_num).toBe(0);
  });

  it('names the field of bad input', async () => {
    expectError(await invite({ email: 'nope', brand_id: brand.id }), 400, 'email must be a valid email');
    expectError(await invite({ email: freshEmail(), brand_id: 'x' }), 400, 'brand_id must be a valid id');
    expectError(await invite({ brand_id: brand.id }), 400, 'email is required');
    expectError(await invite({ email: freshEmail() }), 400, 'brand_id is required');
    expectError(await invite({ email: 42, brand_id: brand.id }), 400, 'email must be text');
  });

  it('refuses an unknown or deleted brand with 404', async () => {
    const email = freshEmail();
    expectError(await invite({ email, brand_id: randomUUID() }), 404, MSG.brandNotFound);
    const gone = await makeBrand(app.db);
    expectOk(
      await app.call('DELETE', `/admin/brands/${gone.id}`, { token: users.global_admin.token }),
      MSG.deleteSuccess,
    );
    expectError(await invite({ email, brand_id: gone.id }), 404, MSG.brandNotFound);
    expect(mailsTo(email)).toEqual([]);
  });

  it('creates the invited customer on the brand and mails the link', async () => {
    const email = freshEmail();
    const before = Date.now();
    const res = await invite({ email: `  ${email.toUpperCase()} `, brand_id: brand.id });
    expectOk(res, MSG.sendInvitationSuccess);
    const inv = res.body.data;
    expect(inv).toMatchObject({ email, brand_id: brand.id, brand_name: brand.name, used_at: null });
    expect(inv.uuid).toMatch(UUID);
    expect(inv._id).toMatch(UUID);
    const ttl = new Date(inv.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(INVITATION_TTL_DAYS * 86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(INVITATION_TTL_DAYS * 86_400_000 + 60_000);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].link).toBe(`http://portal.test/invitations/${inv.uuid}`);
    expect(mails[0].subject).toBe(`You are invited to manage ${brand.name} on ATK Player`);
    expect(mails[0].text).toContain(`http://portal.test/invitations/${inv.uuid}`);
    expect(mails[0].html).toContain(`href="http://portal.test/invitations/${inv.uuid}"`);

    // Read back: the list, and the account the link opens.
    const list = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${email}`, {
      token: users.super_admin.token,
    });
    expect(list.body.data).toEqual({ list: [inv], total_num: 1 });
    const opened = await openLink(inv.uuid);
    expectOk(opened);
    expect(opened.body.data.user_info).toMatchObject({
      email,
      role: 'customer',
      register_type: 'invite_existing_brand',
      master_brand_id: brand.id,
      master_brand_name: brand.name,
      master_brand_status: 'active',
      brand_name: brand.name,
    });
  });

  it('lets a super admin invite too', async () => {
    const email = freshEmail('super');
    const res = await invite({ email, brand_id: brand.id }, users.super_admin.token);
    expectOk(res, MSG.sendInvitationSuccess);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses the email of an account that already has a password with 409', async () => {
    for (const existing of [users.customer, users.atk, users.global_admin]) {
      expectError(await invite({ email: existing.email, brand_id: brand.id }), 409, MSG.emailTaken);
      expect(mailsTo(existing.email)).toEqual([]);
    }
    // The account is left as it was.
    const info = await app.call<UserInfo>('GET', '/users/info', { token: users.customer.token });
    expect(info.body.data).toMatchObject({ register_type: 'operator_created', master_brand_id: null });
  });

  it('re-inviting a not yet registered email revokes the previous link', async () => {
    const email = freshEmail('again');
    const other = await makeBrand(app.db, `Second Brand ${randomBytes(3).toString('hex')}`);
    const first = await invite({ email, brand_id: brand.id });
    const second = await invite({ email, brand_id: other.id });
    expectOk(second, MSG.sendInvitationSuccess);
    expect(second.body.data.uuid).not.toBe(first.body.data.uuid);
    expect(mailsTo(email).map((m) => m.link)).toEqual([
      `http://portal.test/invitations/${first.body.data.uuid}`,
      `http://portal.test/invitations/${second.body.data.uuid}`,
    ]);

    expectError(await openLink(first.body.data.uuid), 404, MSG.invitationInvalid);
    const opened = await openLink(second.body.data.uuid);
    expectOk(opened);
    expect(opened.body.data.user_info).toMatchObject({
      email,
      master_brand_id: other.id,
      master_brand_name: other.name,
    });

    // The list shows only the open invitation.
    const list = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${email}`, {
      token: users.global_admin.token,
    });
    expect(list.body.data.total_num).toBe(1);
    expect(list.body.data.list.map((i) => [i.uuid, i.brand_name])).toEqual([[second.body.data.uuid, other.name]]);
  });
});

describe('GET /admin/invitations', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(app, users, 'GET', '/admin/invitations');
  });

  it('names the field of bad paging', async () => {
    const token = users.global_admin.token;
    expectError(
      await app.call('GET', '/admin/invitations?page_size=1001', { token }),
      400,
      'page_size must be at most 1000',
    );
    expectError(await app.call('GET', '/admin/invitations?page_num=0', { token }), 400, 'page_num must be at least 1');
    expectError(await app.call('GET', '/admin/invitations?page_num=x', { token }), 400, 'page_num must be a number');
  });

  it('lists newest first with the brand name, filters by email and pages', async () => {
    const tag = randomBytes(4).toString('hex');
    const emails = [`list-a-${tag}@list.example`, `list-b-${tag}@list.example`, `list-c-${tag}@list.example`];
    for (const email of emails) expectOk(await invite({ email, brand_id: brand.id }), MSG.sendInvitationSuccess);
    const token = users.global_admin.token;

    const page1 = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${tag}&page_size=2`, { token });
    expectOk(page1);
    expect(page1.body.data.total_num).toBe(3);
    expect(page1.body.data.list.map((i) => i.email)).toEqual([emails[2], emails[1]]);
    expect(page1.body.data.list.every((i) => i.brand_name === brand.name && i.brand_id === brand.id)).toBe(true);

    const page2 = await app.call<ListData<Invitation>>(
      'GET',
      `/admin/invitations?email=${tag}&page_size=2&page_num=2`,
      { token },
    );
    expect(page2.body.data.total_num).toBe(3);
    expect(page2.body.data.list.map((i) => i.email)).toEqual([emails[0]]);

    // The filter is case-insensitive and treats % as a literal character.
    const upper = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=LIST-B-${tag.toUpperCase()}`, {
      token,
    });
    expect(upper.body.data.list.map((i) => i.email)).toEqual([emails[1]]);
    const wildcard = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${tag}%25`, { token });
    expect(wildcard.body.data).toEqual({ list: [], total_num: 0 });

    // Without a filter every open invitation counts.
    const all = await app.call<ListData<Invitation>>('GET', '/admin/invitations?page_size=1000', { token });
    expect(all.body.data.total_num).toBe(all.body.data.list.length);
    expect(all.body.data.total_num).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /invitations/{uuid}', () => {
  it('refuses a non-uuid with 400 and an unknown uuid with 404', async () => {
    expectError(await app.call('GET', '/invitations/not-a-uuid'), 400, 'uuid must be a valid id');
    expectError(await openLink(randomUUID()), 404, MSG.invitationInvalid);
  });

  it('signs the invited user in, lets them set a password once, then the link is used', async () => {
    const email = freshEmail('flow');
    const inv = (await invite({ email, brand_id: brand.id })).body.data;
    expect(inv.state).toBe('pending');
    const link = mailsTo(email).at(-1)?.link ?? '';
    const uuid = link.split('/').at(-1) ?? '';
    expect(uuid).toBe(inv.uuid);

    // Public: no token is needed to open the link.
    const opened = await openLink(uuid);
    expectOk(opened);
    expect(opened.body.data.token).toMatch(/^[\w-]{40,}$/);
    const { token } = opened.body.data;
    const info = await app.call<UserInfo>('GET', '/users/info', { token });
    expectOk(info);
    expect(info.body.data).toMatchObject({ email, role: 'customer', master_brand_id: brand.id });

    // No password yet: signing in is not possible.
    expectError(await login(email, NEW_PASSWORD), 400, MSG.invalidCredentials);

    const set = await setPassword(token);
    expect(set.body).toEqual({ code: 200, msg: MSG.passwordSet, data: null });

    expectError(await openLink(uuid), 410, MSG.invitationUsed);
    const signedIn = await login(email, NEW_PASSWORD);
    expectOk(signedIn, MSG.loginSuccess);
    expect(signedIn.body.data.user_info).toMatchObject({ email, register_type: 'invite_existing_brand' });
    // The session the link opened stays signed in.
    expectOk(await app.call('GET', '/users/info', { token }));

    const list = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${email}`, {
      token: users.global_admin.token,
    });
    expect(list.body.data.list[0].used_at).not.toBeNull();
    expect(list.body.data.list[0].state).toBe('accepted');
    expect(new Date(list.body.data.list[0].used_at ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Registered now: a new invitation for the email is a conflict.
    expectError(await invite({ email, brand_id: brand.id }), 409, MSG.emailTaken);
  });

  it('answers 410 for an expired link', async () => {
    const email = freshEmail('expired');
    const inv = (await invite({ email, brand_id: brand.id })).body.data;
    await app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.uuid, inv.uuid));
    expectError(await openLink(inv.uuid), 410, MSG.invitationExpired);
    const list = await app.call<ListData<Invitation>>('GET', `/admin/invitations?email=${email}`, {
      token: users.global_admin.token,
    });
    expect(list.body.data.list.map((i) => i.state)).toEqual(['expired']);
  });
});

/** The text of a received mail: headers unfolded, bodies with quoted-printable decoded. */
function decodeMail(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim();
  const body = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { header, body };
}

describe('invitation through a real SMTP server', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let mailApp: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mailApp = await startTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'ATK Player Test <no-reply@atk.test>',
    });
  });
  afterAll(async () => {
    await mailApp?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the invitation and the link completes the flow', async () => {
    const admin = await makeUser(mailApp, 'global_admin');
    const smtpBrand = await makeBrand(mailApp.db, 'Mailed Brand');
    const email = freshEmail('smtp');
    const res = await mailApp.call<Invitation>('POST', '/admin/invitations', {
      token: admin.token,
      body: { email, brand_id: smtpBrand.id },
    });
    expectOk(res, MSG.sendInvitationSuccess);
    // The harness mailbox is bypassed: the mail went out over SMTP.
    expect(mailApp.mails).toEqual([]);

    const delivered = received.filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0].from).toBe('no-reply@atk.test');
    const { header, body } = decodeMail(delivered[0].raw);
    expect(header('To')).toBe(email);
    expect(header('From')).toBe('ATK Player Test <no-reply@atk.test>');
    expect(header('Subject')).toBe('You are invited to manage Mailed Brand on ATK Player');
    const links = [...body.matchAll(/http:\/\/portal\.test\/invitations\/([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(new Set(links)).toEqual(new Set([res.body.data.uuid]));

    const opened = await mailApp.call<{ user_info: UserInfo; token: string }>('GET', `/invitations/${links[0]}`);
    expectOk(opened);
    expect(opened.body.data.user_info).toMatchObject({ email, master_brand_name: 'Mailed Brand' });
    const set = await mailApp.call('POST', '/users/update_password', {
      token: opened.body.data.token,
      body: {
        origin_password: '',
        new_password: hashPassword(NEW_PASSWORD),
        password_confirm: hashPassword(NEW_PASSWORD),
      },
    });
    expect(set.body).toEqual({ code: 200, msg: MSG.passwordSet, data: null });
    const signedIn = await mailApp.call<{ token: string }>('POST', '/users/login', {
      body: { email, password: hashPassword(NEW_PASSWORD) },
    });
    expectOk(signedIn, MSG.loginSuccess);
    expect((await mailApp.call('GET', `/invitations/${links[0]}`)).body).toEqual({
      code: 410,
      msg: MSG.invitationUsed,
      data: null,
    });
    // The admin's own password is untouched.
    expectOk(
      await mailApp.call('POST', '/users/login', { body: { email: admin.email, password: hashPassword(PASSWORD) } }),
      MSG.loginSuccess,
    );
  });
});
