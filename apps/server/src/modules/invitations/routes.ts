import {
  envelopeOf,
  invitation,
  invitationCreate,
  invitationParams,
  invitationQuery,
  invitationRead,
  listOf,
  MSG,
} from '@atk/contract';
import { ADMINS, currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import * as invitations from './service.ts';

export function invitationRoutes(app: App, { db, mailer, config }: Deps) {
  app.get(
    '/admin/invitations',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['invitations'],
        querystring: invitationQuery,
        response: { 200: envelopeOf(listOf(invitation)) },
      },
    },
    async (req) => ok(await invitations.listInvitations(db, req.query)),
  );

  app.post(
    '/admin/invitations',
    {
      config: { auth: ADMINS },
      schema: { tags: ['invitations'], body: invitationCreate, response: { 200: envelopeOf(invitation) } },
    },
    async (req) =>
      ok(
        await invitations.inviteCustomer(db, mailer, config.publicUrl, currentUser(req).id, req.body),
        MSG.sendInvitationSuccess,
      ),
  );

  app.get(
    '/invitations/:uuid',
    {
      config: { auth: 'public', givesToken: true },
      schema: { tags: ['invitations'], params: invitationParams, response: { 200: envelopeOf(invitationRead) } },
    },
    async (req) => ok(await invitations.openInvitation(db, req.params.uuid)),
  );
}
