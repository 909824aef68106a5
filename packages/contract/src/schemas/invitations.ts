import { z } from 'zod';
import { email, filterText, id, isoTime, pageQuery } from './common.ts';

export const invitationCreate = z
  .object({
    email: email.describe("The invitee's email (trimmed, lower-cased): an account's login."),
    brand_id: id.describe('The brand the invitee will manage: its master brand.'),
  })
  .meta({ example: { email: 'ada@northwind.example', brand_id: '6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f' } });
export type InvitationCreate = z.infer<typeof invitationCreate>;

/** Where an invitation stands: its link not used yet and valid, used to set a password, or past its expiry unused. */
export const INVITATION_STATES = ['pending', 'accepted', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitation = z.object({
  _id: id.describe("The invitation's id."),
  uuid: id.describe('The secret of its link: `/invitations/{uuid}`.'),
  email: z.string().describe('The invited email.'),
  brand_id: id.describe('The brand it invites to manage.'),
  brand_name: z.string().describe("That brand's name."),
  created_at: isoTime.describe('When it was sent.'),
  expires_at: isoTime.describe('When its link stops working unless used.'),
  used_at: isoTime.nullable().describe('When its link set a password; null while not used.'),
  state: z
    .enum(INVITATION_STATES)
    .describe('accepted once its link set a password, else expired past `expires_at`, else pending.'),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationQuery = pageQuery.extend({ email: filterText(254).describe('Part of the email, any case.') });
export type InvitationQuery = z.infer<typeof invitationQuery>;

/** `/invitations/:uuid` path parameters. */
export const invitationParams = z.object({ uuid: id.describe("The link's uuid, from the invitation mail.") });
export type InvitationParams = z.infer<typeof invitationParams>;
