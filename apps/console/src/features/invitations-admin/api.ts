/**
 * Invitations of the operators: the list and the invite call, and the query keys of the feature. The public accept
 * page (features/invitations) has its own call.
 */
import { invitationEndpoints as api, type InvitationCreate, type InvitationQuery } from '@atk/contract';
import { call } from '../../api/client.ts';

export const invitationsAdminApi = {
  list: (query: InvitationQuery) => call(api.list, { query: { ...query } }),
  invite: (body: InvitationCreate) => call(api.invite, { body }),
};

export const invitationKeys = {
  all: ['admin-invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
};

/** The link the invitation mail carries: the console's own origin, the same as the server's PUBLIC_URL. */
export const invitationLink = (uuid: string) => `${window.location.origin}/invitations/${uuid}`;
