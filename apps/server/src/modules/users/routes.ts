import {
  envelopeOf,
  loginBody,
  loginData,
  MSG,
  profileUpdate,
  registerBody,
  resetLinkParams,
  resetLinkRead,
  resetRequestBody,
  resetUpdateBody,
  updatePasswordBody,
  userInfo,
} from '@atk/contract';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import { revokeSession } from '../sessions/service.ts';
import * as users from './service.ts';

const nothing = envelopeOf(z.null());

export function userRoutes(app: App, { db, mailer, config, background }: Deps) {
  app.post(
    '/users/login',
    {
      config: { auth: 'public', givesToken: true },
      schema: { tags: ['users'], body: loginBody, response: { 200: envelopeOf(loginData) } },
    },
    async (req) => ok(await users.login(db, req.body, req.ip), MSG.loginSuccess),
  );

  app.post(
    '/users/register',
    {
      config: { auth: 'public' },
      schema: { tags: ['users'], body: registerBody, response: { 200: nothing } },
    },
    async (req, reply) => {
      // The same answer for a new and a known email; the mail tells the owner which (docs/api.md).
      const followUp = await users.register(db, mailer, config.publicUrl, req.body, req.ip);
      background.afterReply(reply, 'sign-up mail', followUp);
      return ok(null, MSG.registerReceived);
    },
  );

  app.post('/users/logout', { schema: { tags: ['users'], response: { 200: nothing } } }, async (req) => {
    if (req.session) await revokeSession(db, req.session.token);
    return ok(null);
  });

  app.get('/users/info', { schema: { tags: ['users'], response: { 200: envelopeOf(userInfo) } } }, async (req) =>
    ok(await users.mustReadUser(db, currentUser(req).id)),
  );

  app.put(
    '/users/profile',
    { schema: { tags: ['users'], body: profileUpdate, response: { 200: envelopeOf(userInfo) } } },
    async (req) => ok(await users.updateProfile(db, currentUser(req), req.body), MSG.profileUpdated),
  );

  app.post(
    '/users/update_password',
    { schema: { tags: ['users'], body: updatePasswordBody, response: { 200: nothing } } },
    async (req) => {
      await users.updatePassword(db, currentUser(req), req.session?.token ?? '', req.body);
      return ok(null, MSG.passwordSet);
    },
  );

  app.post(
    '/users/reset_password',
    { config: { auth: 'public' }, schema: { tags: ['users'], body: resetRequestBody, response: { 200: nothing } } },
    async (req, reply) => {
      const followUp = await users.requestReset(db, mailer, config.publicUrl, req.body.email, req.ip);
      // A mail that cannot be sent is logged; the answer never waits for it (docs/api.md).
      if (followUp) background.afterReply(reply, 'password reset mail', followUp);
      return ok(null, MSG.recoverSent);
    },
  );

  app.get(
    '/users/reset_password/:uuid',
    {
      config: { auth: 'public' },
      schema: { tags: ['users'], params: resetLinkParams, response: { 200: envelopeOf(resetLinkRead) } },
    },
    async (req) => ok(await users.checkReset(db, req.params.uuid)),
  );

  app.put(
    '/users/reset_password/update',
    { config: { auth: 'public' }, schema: { tags: ['users'], body: resetUpdateBody, response: { 200: nothing } } },
    async (req) => {
      await users.completeReset(db, req.body);
      return ok(null, MSG.passwordSet);
    },
  );
}
