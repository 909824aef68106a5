import { z } from 'zod';
import { email, filterText, id, isoTime, pageQuery } from './common.ts';

export const invitationCreate = z.object({ email, brand_id: id });
export type InvitationCreate = z.infer<typeof invitationCreate>;

/** Where an invitation stands: its link not used yet and valid, used to set a password, or past its expiry unused. */
export const INVITATION_STATES = ['pending', 'accepted', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitation = z.object({
  _id: id,
  uuid: id,
  email: z.string(),
  brand_id: id,
  brand_name: z.string(),
  created_at: isoTime,
  expires_at: isoTime,
  used_at: isoTime.nullable(),
  state: z.enum(INVITATION_STATES),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationQuery = pageQuery.extend({ email: filterText(254) });
export type InvitationQuery = z.infer<typeof invitationQuery>;

/** `/invitations/:uuid` path parameters. */
export const invitationParams = z.object({ uuid: id });
