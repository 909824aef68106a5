import { userEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { revokeSession } from '../sessions/service.ts';
import * as users from './service.ts';

/** The signed-in user's own calls (docs/api.md "Accounts"); the limits live in the service. */
export function userRoutes(app: App, { db, mailer, config, background }: Deps) {
  route(app, api.login, async (req) => ok(await users.login(db, req.body, req.ip), MSG.loginSuccess), {
    config: { givesToken: true },
  });

  route(app, api.register, async (req, reply) => {
    // The same answer for a new and a known email; the mail tells the owner which (docs/api.md).
    const followUp = await users.register(db, mailer, config.publicUrl, req.body, req.ip);
    background.afterReply(reply, 'sign-up mail', followUp);
    return ok(null, MSG.registerReceived);
  });

  route(app, api.logout, async (req) => {
    if (req.session) await revokeSession(db, req.session.token);
    return ok(null);
  });

  route(app, api.info, async (req) => ok(await users.mustReadUser(db, currentUser(req).id)));

  route(app, api.updateProfile, async (req) =>
    ok(await users.updateProfile(db, currentUser(req), req.body), MSG.profileUpdated),
  );

  route(app, api.updatePassword, async (req) => {
    await users.updatePassword(db, currentUser(req), req.session?.token ?? '', req.body);
    return ok(null, MSG.passwordSet);
  });

  route(app, api.requestReset, async (req, reply) => {
    const followUp = await users.requestReset(db, mailer, config.publicUrl, req.body.email, req.ip);
    // A mail that cannot be sent is logged; the answer never waits for it (docs/api.md).
    if (followUp) background.afterReply(reply, 'password reset mail', followUp);
    return ok(null, MSG.recoverSent);
  });

  route(app, api.checkReset, async (req) => ok(await users.checkReset(db, req.params.uuid)));

  route(app, api.completeReset, async (req) => {
    await users.completeReset(db, req.body);
    return ok(null, MSG.passwordSet);
  });
}
