import { invitationEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import * as invitations from './service.ts';

export function invitationRoutes(app: App, { db, mailer, config }: Deps) {
  route(app, api.list, async (req) => ok(await invitations.listInvitations(db, req.query)));

  route(app, api.invite, async (req) =>
    ok(
      await invitations.inviteCustomer(db, mailer, config.publicUrl, currentUser(req).id, req.body),
      MSG.sendInvitationSuccess,
    ),
  );

  route(app, api.open, async (req) => ok(await invitations.openInvitation(db, req.params.uuid)), {
    config: { givesToken: true },
  });
}
