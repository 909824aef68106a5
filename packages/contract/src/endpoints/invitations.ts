import { API_BASE, INVITATION_TTL_DAYS } from '../constants.ts';
import { ADMINS, endpoint } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { invitation, invitationCreate, invitationParams, invitationQuery } from '../schemas/invitations.ts';
import { invitationRead } from '../schemas/users.ts';

const tag = 'invitations';

/** The operators' invitations and the invited customer's link (docs/api.md "Operators", "Accounts"). */
export const invitationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${API_BASE}/admin/invitations`,
    auth: ADMINS,
    query: invitationQuery,
    data: listOf(invitation),
    tag,
    summary: 'List invitations',
    description:
      "The invitations sent, newest first, 20 a page, filtered by email (part of it, any case, `%` and `_` literally); one replaced by a later invitation of the same email is left out. Each has its link's `uuid`, its brand's name and its state (pending, accepted or expired).",
  }),
  invite: endpoint({
    method: 'POST',
    path: `${API_BASE}/admin/invitations`,
    auth: ADMINS,
    body: invitationCreate,
    data: invitation,
    tag,
    summary: 'Invite a customer to a brand',
    description: `Makes the invited customer now (active, the brand as its master brand, no password yet) and mails it a single-use link, \`PUBLIC_URL/invitations/{uuid}\`, valid for ${INVITATION_TTL_DAYS} days. Inviting an email again while it has no password replaces its open invitation. The answer is the invitation, with msg '${MSG.sendInvitationSuccess}'. An unknown or deleted brand is 404 '${MSG.brandNotFound}'; an email whose account has a password, is not a customer's or is deleted is 409 '${MSG.emailTaken}'.`,
  }),
  open: endpoint({
    method: 'GET',
    path: `${API_BASE}/invitations/:uuid`,
    auth: 'public',
    params: invitationParams,
    data: invitationRead,
    tag,
    summary: 'Open an invitation link',
    description: `The invitation page's first call: a usable link signs the invited user in (a new session token, answered with \`Cache-Control: no-store\`) so the page can set the first password, which spends the link. An unknown or replaced link is 404 '${MSG.invitationInvalid}'; a used one 410 '${MSG.invitationUsed}'; an expired one 410 '${MSG.invitationExpired}'.`,
  }),
};
