import { type LoginData, MSG, type ProfileUpdate, RESET_TTL_HOURS } from '@atk/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, invitations, passwordResets, users } from '../../db/schema.ts';
import { hashSecret, sha256Hex, verifySecret } from '../../platform/crypto.ts';
import { badRequest, conflict, gone, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { assertUnderLimit, countHit, LIMITS, takeHit } from '../../platform/rate-limit.ts';
import { createSession, revokeAllSessions, type SessionUser } from '../sessions/service.ts';
import { profileColumns, readUserInfo, roleId } from './profile.ts';

export async function login(db: Db, input: { email: string; password: string }, address: string): Promise<LoginData> {
  const byAddress = `login:addr:${address}`;
  const byEmail = `login:email:${input.email}`;
  await assertUnderLimit(db, byAddress, LIMITS.loginFailuresPerAddress);
  await assertUnderLimit(db, byEmail, LIMITS.loginFailuresPerEmail);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isDeleted, false)))
    .limit(1);
  if (!(await verifySecret(user?.passwordHash ?? null, input.password)) || !user) {
    await countHit(db, byAddress, LIMITS.loginFailuresPerAddress);
    await countHit(db, byEmail, LIMITS.loginFailuresPerEmail);
    throw badRequest(MSG.invalidCredentials);
  }
  const token = await createSession(db, user.id);
  return { token, user_info: await mustReadUser(db, user.id) };
}

/** Self sign-up: a customer whose new master brand waits for an operator's confirmation. */
export async function register(
  db: Db,
  input: ProfileUpdate & { email: string; password: string; password_confirm: string; brand_name: string },
  address: string,
) {
  await takeHit(db, `register:addr:${address}`, LIMITS.registerPerAddress);
  if (input.password !== input.password_confirm) throw badRequest(MSG.passwordMismatch);
  const passwordHash = await hashSecret(input.password);
  const customer = await roleId(db, 'customer');
  const userId = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (taken) throw conflict(MSG.emailTaken);
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
  });
  const token = await createSession(db, userId);
  return { token, user_info: await mustReadUser(db, userId) };
}

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
  if (user.passwordHash && !(await verifySecret(user.passwordHash, input.origin_password)))
    throw badRequest(MSG.originPasswordWrong);
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

export async function requestReset(db: Db, mailer: Mailer, publicUrl: string, email: string, address: string) {
  await takeHit(db, `recover:addr:${address}`, LIMITS.recoveryPerAddress);
  await takeHit(db, `recover:email:${email}`, LIMITS.recoveryPerEmail);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isDeleted, false)))
    .limit(1);
  // The answer is the same whether or not the email has an account, so it cannot be probed.
  if (!user) return;
  const uuid = crypto.randomUUID();
  await db.insert(passwordResets).values({
    tokenHash: sha256Hex(uuid),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TTL_HOURS * 3_600_000),
  });
  const link = `${publicUrl}/recover/${uuid}`;
  await mailer.send({
    to: email,
    subject: 'Reset your ATK Player password',
    text: `Someone asked to reset the password of your ATK Player account.\n\nSet a new password here (valid for ${RESET_TTL_HOURS} hour): ${link}\n\nIf it was not you, ignore this mail.`,
    html: `<p>Someone asked to reset the password of your ATK Player account.</p><p><a href="${link}">Set a new password</a> (valid for ${RESET_TTL_HOURS} hour).</p><p>If it was not you, ignore this mail.</p>`,
    link,
  });
}

export async function completeReset(db: Db, input: { uuid: string; password: string; password_confirm: string }) {
  if (input.password !== input.password_confirm) throw badRequest(MSG.passwordMismatch);
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, sha256Hex(input.uuid)))
    .limit(1);
  if (!reset) throw notFound(MSG.resetInvalid);
  if (reset.usedAt) throw gone(MSG.resetUsed);
  if (reset.expiresAt < new Date()) throw gone(MSG.resetExpired);
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
}
