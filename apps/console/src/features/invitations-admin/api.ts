/**
 * Invitations of the operators (spec 2 §2 Invitations list, §7): the list and the invite call, and the query keys
 * of the feature. The public accept page (features/invitations) has its own call.
 */
import type { Invitation, InvitationCreate, InvitationQuery, ListData } from '@atk/contract';
import { get, post } from '../../api/client.ts';

export const invitationsAdminApi = {
  list: (query: InvitationQuery) => get<ListData<Invitation>>('/admin/invitations', { query: { ...query } }),
  invite: (fields: InvitationCreate) => post<Invitation>('/admin/invitations', fields),
};

export const invitationKeys = {
  all: ['admin-invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
};

/** The link the invitation mail carries: the console's own origin, the same as the server's PUBLIC_URL. */
export const invitationLink = (uuid: string) => `${window.location.origin}/invitations/${uuid}`;
