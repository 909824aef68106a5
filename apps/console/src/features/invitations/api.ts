/**
 * The public accept page of an invitation (spec 1 §7 Invitations): reading the link signs the invited user in.
 * The operators' invitations list is features/invitations-admin.
 */
import type { InvitationData } from '@atk/contract';
import { get } from '../../api/client.ts';
import { enc } from '../../api/scope.ts';

export const invitationsApi = {
  read: (uuid: string) => get<InvitationData>(`/invitations/${enc(uuid)}`, { anonymous: true }),
};

export const invitationPageKeys = {
  all: ['invitations'] as const,
  one: (uuid: string) => [...invitationPageKeys.all, uuid] as const,
};
