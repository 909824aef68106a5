import { type LoginData, MSG, type ProfileUpdate, RESET_TTL_HOURS } from '@atk/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, invitations, knownSignInAddresses, passwordResets, users } from '../../db/schema.ts';
import { hashSecret, sha256Hex, verifySecret } from '../../platform/crypto.ts';
import { badRequest, gone, notFound, tooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { assertUnderLimit, clearHits, countHit, LIMITS, takeHit, uncountHits } from '../../platform/rate-limit.ts';
import { createSession, revokeAllSessions, type SessionUser } from '../sessions/service.ts';
import { profileColumns, readUserInfo, roleId } from './profile.ts';

/**
 * Signs in. Every attempt counts at once, atomically, per (email, address) pair, per email and per address, and a
 * success takes its hits back. A full pair window refuses the pair; a full email or address window refuses
 * everyone but the account's owner from an address it signed in from before (docs/api.md "Sign-in and recovery
 * limits").
 */
export async function login(db: Db, input: { email: string; password: string }, address: string): Promise<LoginData> {
  const keys = loginKeys(input.email, address);
  // A pair already refused adds nothing to the email's and the address's windows: one attacker on one address
  // cannot fill them past its own pair limit.
  if ((await countHit(db, keys.pair, LIMITS.loginFailuresPerPair)) > LIMITS.loginFailuresPerPair.max)
    throw tooManyRequests();
  const byEmail = await countHit(db, keys.email, LIMITS.loginFailuresPerEmail);
  const byAddress = await countHit(db, keys.address, LIMITS.loginFailuresPerAddress);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isDeleted, false)))
    .limit(1);
  // Looked up for a missing account too, so the time taken does not tell whether the email has one.
  const known = await isKnownAddress(db, user?.id ?? NO_USER, address);
  const busy = byEmail > LIMITS.loginFailuresPerEmail.max || byAddress > LIMITS.loginFailuresPerAddress.max;
  if (busy && !(user && known)) throw tooManyRequests();
  if (!(await verifySecret(user?.passwordHash ?? null, input.password)) || !user) {
    throw busy ? tooManyRequests() : badRequest(MSG.invalidCredentials);
  }
  await uncountHits(db, [keys.pair, keys.email, keys.address]);
  await rememberAddress(db, user.id, address);
  const token = await createSession(db, user.id);
  return { token, user_info: await mustReadUser(db, user.id) };
}

export const loginKeys = (email: string, address: string) => ({
  pair: `login:pair:${address}:${email}`,
  email: `login:email:${email}`,
  address: `login:addr:${address}`,
});

const NO_USER = '00000000-0000-0000-0000-000000000000';
/** How long an address an account signed in from stays known. */
export const KNOWN_ADDRESS_DAYS = 90;

/** The stored form of an address: salted with the account, so equal addresses of two accounts differ. */
const addressHash = (userId: string, address: string) => sha256Hex(`known-address:${userId}:${address}`);

async function isKnownAddress(db: Db, userId: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownSignInAddresses.userId })
    .from(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.userId, userId),
        eq(knownSignInAddresses.addressHash, addressHash(userId, address)),
        gt(knownSignInAddresses.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Records a successful sign-in's address, and forgets the account's addresses not seen for KNOWN_ADDRESS_DAYS. */
async function rememberAddress(db: Db, userId: string, address: string): Promise<void> {
  await db
    .insert(knownSignInAddresses)
    .values({ userId, addressHash: addressHash(userId, address) })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.userId, knownSignInAddresses.addressHash],
      set: { lastSeenAt: sql`now()` },
    });
  await db
    .delete(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.userId, userId),
        lt(knownSignInAddresses.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    );
}

/**
 * Self sign-up: a customer whose new master brand waits for an operator's confirmation. The answer is the same
 * whether or not the email has an account (docs/api.md "A brand's state and scope"), so it cannot be probed: no
 * session, the same msg. The mail is the follow-up, run after the answer: a new account's owner is welcomed, a
 * known address's owner is told someone tried to register with it (sign in, or recover the password).
 */
export async function register(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: ProfileUpdate & { email: string; password: string; password_confirm: string; brand_name: string },
  address: string,
): Promise<() => Promise<void>> {
  await takeHit(db, `register:addr:${address}`, LIMITS.registerPerAddress);
  if (input.password !== input.password_confirm) throw badRequest(MSG.passwordMismatch);
  const passwordHash = await hashSecret(input.password);
  const customer = await roleId(db, 'customer');
  const created = await db
    .transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (taken) return null;
      const [brand] = await tx.insert(brands).values({ name: input.brand_name, isPublished: 0 }).returning();
      const [user] = await tx
        .insert(users)
        .values({
          ...profileColumns(input),
          email: input.email,
          passwordHash,
          roleId: customer,
          registerType: 'self_signup',
          masterBrandId: brand.id,
          masterBrandStatus: 'pending',
        })
        .returning({ id: users.id });
      return user.id;
    })
    // Two sign-ups of one email at once: the unique index refuses the second, which is then the known address's.
    .catch((err) => {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') return null;
      throw err;
    });
  if (created) {
    await rememberAddress(db, created, address);
    return () => mailer.send(welcomeMail(input.email, publicUrl));
  }
  return async () => {
    // The owner of a live account hears of the attempt; a deleted account's address gets nothing.
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.isDeleted, false)))
      .limit(1);
    if (owner) await mailer.send(attemptMail(input.email, publicUrl));
  };
}

const welcomeMail = (to: string, publicUrl: string) => ({
  to,
  subject: 'Welcome to ATK Player',
  text: `Your ATK Player account is ready. Sign in at ${publicUrl}/login to build your players.\n\nAn operator will confirm your brand; until then your players are not public and uploads are limited.`,
  html: `<p>Your ATK Player account is ready. <a href="${publicUrl}/login">Sign in</a> to build your players.</p><p>An operator will confirm your brand; until then your players are not public and uploads are limited.</p>`,
  link: `${publicUrl}/login`,
});

const attemptMail = (to: string, publicUrl: string) => ({
  to,
  subject: 'Someone tried to sign up to ATK Player with your address',
  text: `Someone tried to register an ATK Player account with this address, which already has one.\n\nSign in at ${publicUrl}/login, or recover your password at ${publicUrl}/recover.\n\nIf it was not you, ignore this mail: nothing was changed.`,
  html: `<p>Someone tried to register an ATK Player account with this address, which already has one.</p><p><a href="${publicUrl}/login">Sign in</a>, or <a href="${publicUrl}/recover">recover your password</a>.</p><p>If it was not you, ignore this mail: nothing was changed.</p>`,
  link: `${publicUrl}/recover`,
});

export async function mustReadUser(db: Db, userId: string) {
  const info = await readUserInfo(db, userId);
  if (!info) throw notFound();
  return info;
}

export async function updateProfile(db: Db, me: SessionUser, input: ProfileUpdate) {
  const current = await mustReadUser(db, me.id);
  const brandLocked = current.register_type === 'invite_existing_brand';
  if (brandLocked && input.brand_name !== undefined && (input.brand_name || null) !== current.brand_name)
    throw badRequest('brand_name cannot be changed for a user invited to an existing brand');
  await db
    .update(users)
    .set({ ...profileColumns(input), updatedAt: new Date() })
    .where(eq(users.id, me.id));
  return mustReadUser(db, me.id);
}

/**
 * Sets a new password. An invited user who has none yet sends an empty origin password;
 * setting it consumes the invitation link. Every other session of the user ends.
 */
export async function updatePassword(
  db: Db,
  me: SessionUser,
  token: string,
  input: { origin_password: string; new_password: string; password_confirm: string },
) {
  if (input.new_password !== input.password_confirm) throw badRequest(MSG.passwordMismatch);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (user.passwordHash) {
    const failures = `password-change:${me.id}`;
    await assertUnderLimit(db, failures, LIMITS.passwordChangeFailuresPerUser);
    if (!(await verifySecret(user.passwordHash, input.origin_password))) {
      await countHit(db, failures, LIMITS.passwordChangeFailuresPerUser);
      throw badRequest(MSG.originPasswordWrong);
    }
  }
  const passwordHash = await hashSecret(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.id));
    await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(eq(invitations.userId, me.id), isNull(invitations.usedAt)));
  });
  await revokeAllSessions(db, me.id, token);
}

/**
 * Asks for a recovery link. Both paths do the same work in the request, making and hashing a token whether or not
 * the email has an account; storing it and sending the mail is the answer's follow-up (for an account only),
 * run after the answer has been written, so the time taken does not tell who has an account.
 */
export async function requestReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  email: string,
  address: string,
): Promise<(() => Promise<void>) | null> {
  await takeHit(db, `recover:addr:${address}`, LIMITS.recoveryPerAddress);
  await takeHit(db, `recover:email:${email}`, LIMITS.recoveryPerEmail);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isDeleted, false)))
    .limit(1);
  const uuid = crypto.randomUUID();
  const tokenHash = sha256Hex(uuid);
  // The answer is the same whether or not the email has an account, so it cannot be probed.
  if (!user) return null;
  return () => sendReset(db, mailer, publicUrl, { userId: user.id, email, uuid, tokenHash });
}

async function sendReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  reset: { userId: string; email: string; uuid: string; tokenHash: string },
) {
  await db.insert(passwordResets).values({
    tokenHash: reset.tokenHash,
    userId: reset.userId,
    expiresAt: new Date(Date.now() + RESET_TTL_HOURS * 3_600_000),
  });
  const link = `${publicUrl}/recover/${reset.uuid}`;
  await mailer.send({
    to: reset.email,
    subject: 'Reset your ATK Player password',
    text: `Someone asked to reset the password of your ATK Player account.\n\nSet a new password here (valid for ${RESET_TTL_HOURS} hour): ${link}\n\nIf it was not you, ignore this mail.`,
    html: `<p>Someone asked to reset the password of your ATK Player account.</p><p><a href="${link}">Set a new password</a> (valid for ${RESET_TTL_HOURS} hour).</p><p>If it was not you, ignore this mail.</p>`,
    link,
  });
}

/** The recovery link behind a uuid while it can still be used: unknown 404, used or expired 410. */
async function usableReset(db: Db, uuid: string) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, sha256Hex(uuid)))
    .limit(1);
  if (!reset) throw notFound(MSG.resetInvalid);
  if (reset.usedAt) throw gone(MSG.resetUsed);
  if (reset.expiresAt < new Date()) throw gone(MSG.resetExpired);
  return reset;
}

/** Whether a recovery link can be used, so the reset page says so before the form (it claims nothing). */
export async function checkReset(db: Db, uuid: string) {
  const reset = await usableReset(db, uuid);
  return { expires_at: reset.expiresAt.toISOString() };
}

export async function completeReset(db: Db, input: { uuid: string; password: string; password_confirm: string }) {
  if (input.password !== input.password_confirm) throw badRequest(MSG.passwordMismatch);
  const reset = await usableReset(db, input.uuid);
  const passwordHash = await hashSecret(input.password);
  await db.transaction(async (tx) => {
    // Claim the link first: of two concurrent uses only one finds it unused.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw gone(MSG.resetUsed);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  });
  await revokeAllSessions(db, reset.userId);
  // Whoever could read the mail owns the account: the per-email sign-in back-off ends for them.
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, reset.userId));
  if (owner) await clearHits(db, loginKeys(owner.email, '').email);
}
