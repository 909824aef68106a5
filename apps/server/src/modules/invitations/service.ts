import { INVITATION_TTL_DAYS, type Invitation, type InvitationData, MSG } from '@atk/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage, type Page } from '../../db/query.ts';
import { brands, invitations, users } from '../../db/schema.ts';
import { conflict, gone, notFound } from '../../platform/errors.ts';
import { escapeHtml } from '../../platform/html.ts';
import type { Mailer } from '../../platform/mail.ts';
import { getBrand } from '../brands/service.ts';
import { createSession } from '../sessions/service.ts';
import { roleId } from '../users/profile.ts';
import { mustReadUser } from '../users/service.ts';

type Row = { inv: typeof invitations.$inferSelect; brandName: string };

const toInvitation = ({ inv, brandName }: Row): Invitation => ({
  _id: inv.id,
  uuid: inv.uuid,
  email: inv.email,
  brand_id: inv.brandId,
  brand_name: brandName,
  created_at: inv.createdAt.toISOString(),
  expires_at: inv.expiresAt.toISOString(),
  used_at: inv.usedAt?.toISOString() ?? null,
  state: inv.usedAt ? 'accepted' : inv.expiresAt < new Date() ? 'expired' : 'pending',
});

export const invitationLink = (publicUrl: string, uuid: string) => `${publicUrl}/invitations/${uuid}`;

/**
 * Invites an email to an existing brand: the customer account is made now (no password yet,
 * register_type invite_existing_brand) and a single-use link is mailed. Inviting the same
 * email again replaces its open invitation; an account that already has a password is refused.
 */
export async function inviteCustomer(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  invitedBy: string,
  input: { email: string; brand_id: string },
) {
  const brand = await getBrand(db, input.brand_id);
  const customer = await roleId(db, 'customer');
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash, roleId: users.roleId, isDeleted: users.isDeleted })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    if (existing && (existing.passwordHash || existing.roleId !== customer || existing.isDeleted))
      throw conflict(MSG.emailTaken);
    const brandFields = {
      registerType: 'invite_existing_brand',
      masterBrandId: brand._id,
      masterBrandStatus: 'active',
      brandName: brand.name,
    };
    let userId = existing?.id;
    if (userId) {
      await tx
        .update(users)
        .set({ ...brandFields, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
    } else {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, roleId: customer, ...brandFields })
        .returning({ id: users.id });
      userId = user.id;
    }
    const [inv] = await tx
      .insert(invitations)
      .values({
        email: input.email,
        userId,
        brandId: brand._id,
        createdBy: invitedBy,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
      })
      .returning();
    return inv;
  });
  const link = invitationLink(publicUrl, created.uuid);
  await mailer.send({
    to: input.email,
    subject: `You are invited to manage ${brand.name} on ATK Player`,
    text: `You have been invited to manage ${brand.name} on ATK Player.\n\nCreate your account here (valid for ${INVITATION_TTL_DAYS} days): ${link}`,
    html: `<p>You have been invited to manage <strong>${escapeHtml(brand.name)}</strong> on ATK Player.</p><p><a href="${link}">Create your account</a> (valid for ${INVITATION_TTL_DAYS} days).</p>`,
    link,
  });
  return toInvitation({ inv: created, brandName: brand.name });
}

export async function listInvitations(db: Db, q: Page & { email?: string }) {
  const filters: SQL[] = [isNull(invitations.revokedAt)];
  if (q.email) filters.push(contains(invitations.email, q.email));
  const where = and(...filters);
  const rows = db
    .select({ inv: invitations, brandName: brands.name })
    .from(invitations)
    .innerJoin(brands, eq(brands.id, invitations.brandId))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .$dynamic();
  return listPage(db, q, rows, { from: invitations, where }, toInvitation);
}

/** Opening a valid link signs the invited user in, so the page can set the password (docs/api.md "Accounts"). */
export async function openInvitation(db: Db, uuid: string): Promise<InvitationData> {
  const [inv] = await db.select().from(invitations).where(eq(invitations.uuid, uuid)).limit(1);
  if (!inv || inv.revokedAt) throw notFound(MSG.invitationInvalid);
  if (inv.usedAt) throw gone(MSG.invitationUsed);
  if (inv.expiresAt < new Date()) throw gone(MSG.invitationExpired);
  const token = await createSession(db, inv.userId);
  return { user_info: await mustReadUser(db, inv.userId), token };
}
