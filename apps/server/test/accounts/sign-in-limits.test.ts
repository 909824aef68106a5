/**
 * Issue 10 items 4 and 5: behind a proxy the limits key on the real client (TRUST_PROXY), sign-in limits per
 * (email, address) pair, per email and per address, the owner's known address passing them, and expired windows
 * swept. The app trusts one proxy hop: the test is the proxy, appending the client's address to X-Forwarded-For.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword, MSG } from '@atk/contract';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxy } from '../../src/config.ts';
import { rateLimits } from '../../src/db/schema.ts';
import { LIMITS } from '../../src/platform/rate-limit.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { makeUser, PASSWORD, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ trustProxy: 1 });
});
afterAll(() => app.close());

const WRONG = 'Wrong!2345';
const login = (email: string, password: string, forwardedFor: string) =>
  app.call('POST', '/users/login', {
    body: { email, password: hashPassword(password) },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('reads hops, addresses and CIDRs, and refuses anything else at start-up', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.2,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8,', '-1', '1.5'])
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY must be the number of proxy hops/);
  });

  it('one hop: a client rotating its own X-Forwarded-For still gets 429 (its address is what the proxy saw)', async () => {
    const user = await makeUser(app, 'customer');
    const client = '203.0.113.77';
    const forged = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}, ${client}`;
    for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++)
      expectError(await login(user.email, WRONG, forged()), 400, MSG.invalidCredentials);
    expectError(await login(user.email, WRONG, forged()), 429, MSG.tooManyAttempts);
    const keys = await app.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `login:pair:%:${user.email}`));
    // The test's own sign-in (from 127.0.0.1, taken back on success) aside, one key: the client's.
    expect(keys.filter((k) => k.count > 0).map((k) => k.key)).toEqual([`login:pair:${client}:${user.email}`]);
  });

  it('by default no proxy is trusted: X-Forwarded-For is ignored', async () => {
    const plain = await startTestApp();
    try {
      const user = await makeUser(plain, 'customer');
      for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++) {
        const res = await plain.call('POST', '/users/login', {
          body: { email: user.email, password: hashPassword(WRONG) },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(res.status).toBe(400);
      }
      const res = await plain.call('POST', '/users/login', {
        body: { email: user.email, password: hashPassword(WRONG) },
        headers: { 'x-forwarded-for': '203.0.113.250' },
      });
      expectError(res, 429, MSG.tooManyAttempts);
    } finally {
      await plain.close();
    }
  });

  it('a list of proxy addresses: only their hops are skipped', async () => {
    const listed = await startTestApp({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    try {
      const user = await makeUser(listed, 'customer');
      // The client forges a first address; the listed proxies (10.1.1.1, then the test at 127.0.0.1) add theirs.
      const send = (forged: string) =>
        listed.call('POST', '/users/login', {
          body: { email: user.email, password: hashPassword(WRONG) },
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.9, 10.1.1.1` },
        });
      for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++) expect((await send(`192.0.2.${i}`)).status).toBe(400);
      expectError(await send('192.0.2.200'), 429, MSG.tooManyAttempts);
      const keys = await listed.db.select().from(rateLimits).where(like(rateLimits.key, 'login:pair:%'));
      expect(keys.map((k) => k.key)).toContain(`login:pair:203.0.113.9:${user.email}`);
    } finally {
      await listed.close();
    }
  });
});

describe('sign-in limits', () => {
  it('a pair that failed too often is refused, even with the right password; other addresses are not', async () => {
    const user = await makeUser(app, 'customer');
    const attacker = '203.0.113.10';
    for (let i = 0; i < LIMITS.loginFailuresPerPair.max; i++)
      expectError(await login(user.email, WRONG, attacker), 400, MSG.invalidCredentials);
    expectError(await login(user.email, WRONG, attacker), 429, MSG.tooManyAttempts);
    expectError(await login(user.email, PASSWORD, attacker), 429, MSG.tooManyAttempts);
    // Refused attempts go on without filling the email's window (30)…
    for (let i = 0; i < LIMITS.loginFailuresPerEmail.max; i++)
      expectError(await login(user.email, WRONG, attacker), 429, MSG.tooManyAttempts);
    // …so the owner on a new address is not locked out by one attacker.
    expectOk(await login(user.email, PASSWORD, '198.51.100.20'), MSG.loginSuccess);
  });

  it("the owner's correct password works from its known address during an attack from many addresses", async () => {
    const user = await makeUser(app, 'customer');
    const home = '198.51.100.30';
    expectOk(await login(user.email, PASSWORD, home), MSG.loginSuccess);
    // A distributed attack: one wrong password from each of many addresses fills the email's window.
    for (let i = 0; i < LIMITS.loginFailuresPerEmail.max; i++)
      expectError(await login(user.email, WRONG, `192.0.2.${i}`), 400, MSG.invalidCredentials);
    // Now an unknown address is refused, whatever the password (it is not even checked)…
    expectError(await login(user.email, WRONG, '192.0.2.200'), 429, MSG.tooManyAttempts);
    expectError(await login(user.email, PASSWORD, '192.0.2.201'), 429, MSG.tooManyAttempts);
    // …while the owner at home signs in, again and again.
    expectOk(await login(user.email, PASSWORD, home), MSG.loginSuccess);
    expectOk(await login(user.email, PASSWORD, home), MSG.loginSuccess);
    // A wrong password from home during the attack is refused like the rest.
    expectError(await login(user.email, WRONG, home), 429, MSG.tooManyAttempts);
    // A completed password reset ends the email's back-off: the owner may sign in from anywhere again.
    await app.call('POST', '/users/reset_password', {
      body: { email: user.email },
      headers: { 'x-forwarded-for': home },
    });
    const deadline = Date.now() + 10_000;
    while (!app.mails.some((m) => m.to === user.email) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const uuid = app.mails
      .filter((m) => m.to === user.email)
      .at(-1)
      ?.link?.split('/')
      .at(-1);
    const fresh = hashPassword('Fresh!2345');
    expectOk(
      await app.call('PUT', '/users/reset_password/update', {
        body: { uuid, password: fresh, password_confirm: fresh },
      }),
      MSG.passwordSet,
    );
    expectOk(await login(user.email, 'Fresh!2345', '192.0.2.202'), MSG.loginSuccess);
  });

  it('an address behind which many people sign in (a NAT) is not blocked by one email spray', async () => {
    const nat = '192.0.2.99';
    const colleague = await makeUser(app, 'customer');
    const newcomer = await makeUser(app, 'customer');
    // More failures than the old per-address limit (30), each for another email.
    for (let i = 0; i < 40; i++)
      expectError(await login(`spray-${i}@nat.example`, WRONG, nat), 400, MSG.invalidCredentials);
    // Someone else behind the NAT signs in for the first time.
    expectOk(await login(colleague.email, PASSWORD, nat), MSG.loginSuccess);
    // The spray goes on up to the per-address limit (filled here rather than argon2-checked 60 more times).
    await app.db
      .update(rateLimits)
      .set({ count: LIMITS.loginFailuresPerAddress.max })
      .where(eq(rateLimits.key, `login:addr:${nat}`));
    expectError(await login('spray-x@nat.example', WRONG, nat), 429, MSG.tooManyAttempts);
    // A first sign-in from there now waits; one from an account that knows the address passes.
    expectError(await login(newcomer.email, PASSWORD, nat), 429, MSG.tooManyAttempts);
    expectOk(await login(colleague.email, PASSWORD, nat), MSG.loginSuccess);
    // Elsewhere, the newcomer is fine.
    expectOk(await login(newcomer.email, PASSWORD, '198.51.100.40'), MSG.loginSuccess);
  });

  it('a success takes its own hits back, so the owner never fills the windows', async () => {
    const user = await makeUser(app, 'customer');
    const address = '198.51.100.50';
    for (let i = 0; i < LIMITS.loginFailuresPerPair.max + 5; i++)
      expectOk(await login(user.email, PASSWORD, address), MSG.loginSuccess);
    expectError(await login(user.email, WRONG, address), 400, MSG.invalidCredentials);
  });
});

describe('rate_limits', () => {
  it('deletes expired windows, and an expired window counts from zero again', async () => {
    // A fresh app: the sweep runs on a write at most once a minute per process.
    const fresh = await startTestApp({ trustProxy: 1 });
    try {
      const email = `sweep-${randomBytes(4).toString('hex')}@test.example`;
      const past = new Date(Date.now() - 60_000);
      await fresh.db.insert(rateLimits).values([
        { key: 'old:1', windowStart: new Date(Date.now() - 3_600_000), count: 5, expiresAt: past },
        { key: 'old:2', windowStart: new Date(Date.now() - 3_600_000), count: 500, expiresAt: past },
        {
          key: `login:pair:203.0.113.60:${email}`,
          windowStart: new Date(Date.now() - 3_600_000),
          count: 999,
          expiresAt: past,
        },
      ]);
      // The first write of the process (here the sign-in inside makeUser) sweeps.
      const user = await makeUser(fresh, 'customer', { email });
      const res = await fresh.call('POST', '/users/login', {
        body: { email: user.email, password: hashPassword(WRONG) },
        headers: { 'x-forwarded-for': '203.0.113.60' },
      });
      expectError(res, 400, MSG.invalidCredentials);
      const rows = await fresh.db.select().from(rateLimits);
      expect(rows.filter((r) => r.key.startsWith('old:'))).toEqual([]);
      expect(rows.find((r) => r.key === `login:pair:203.0.113.60:${user.email}`)?.count).toBe(1);
      // Every row left is live.
      const [{ n }] = await fresh.db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimits)
        .where(sql`${rateLimits.expiresAt} <= now()`);
      expect(n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
