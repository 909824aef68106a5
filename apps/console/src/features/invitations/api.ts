/**
 * The public accept page of an invitation: reading the link signs the invited user in. The operators' invitations
 * list is features/invitations-admin.
 */
import { invitationEndpoints as api } from '@atk/contract';
import { call } from '../../api/client.ts';

export const invitationsApi = {
  read: (uuid: string) => call(api.open, { params: { uuid } }, { anonymous: true }),
};

export const invitationPageKeys = {
  all: ['invitations'] as const,
  one: (uuid: string) => [...invitationPageKeys.all, uuid] as const,
};
