/**
 * The signed-in user (docs/api.md "Accounts"): sign-in and out, the user info, the profile and the passwords, and the
 * query keys of the user. Passwords leave the browser hashed.
 */
import type { ProfilePayload, RegisterBody } from '@atk/contract';
import { userEndpoints as api, hashPassword } from '@atk/contract';
import { type CallOptions, call } from '../api/client.ts';

export const usersApi = {
  login: (email: string, password: string) =>
    call(api.login, { body: { email, password: hashPassword(password) } }, { anonymous: true }),
  /** Self sign-up: no session comes back (docs/api.md "Self sign-up"); the passwords leave hashed. */
  register: (form: RegisterBody) =>
    call(
      api.register,
      {
        body: { ...form, password: hashPassword(form.password), password_confirm: hashPassword(form.password_confirm) },
      },
      { anonymous: true },
    ),
  /** Revokes the token; an auth failure here is silent (the session is cleared anyway). */
  logout: () => call(api.logout, {}, { onAuthError: 'quiet' }),
  info: (options?: Pick<CallOptions, 'onAuthError' | 'signal'>) => call(api.info, {}, options),
  updateProfile: (profile: ProfilePayload) => call(api.updateProfile, { body: profile }),
  /** Setting the first password of an invited user: origin_password is empty (docs/api.md "Accounts"). */
  setInitialPassword: (password: string, confirm: string) =>
    call(api.updatePassword, {
      body: { origin_password: '', new_password: hashPassword(password), password_confirm: hashPassword(confirm) },
    }),
  /** A signed-in user changing its password: the current one proves it is them (the server ends other sessions). */
  changePassword: (current: string, password: string, confirm: string) =>
    call(api.updatePassword, {
      body: {
        origin_password: hashPassword(current),
        new_password: hashPassword(password),
        password_confirm: hashPassword(confirm),
      },
    }),
  requestReset: (email: string) => call(api.requestReset, { body: { email } }, { anonymous: true }),
  /** Whether a recovery link can still be used (404 invalid, 410 used or expired), before its form is shown. */
  checkReset: (uuid: string) => call(api.checkReset, { params: { uuid } }, { anonymous: true }),
  completeReset: (uuid: string, password: string, confirm: string) =>
    call(
      api.completeReset,
      { body: { uuid, password: hashPassword(password), password_confirm: hashPassword(confirm) } },
      { anonymous: true },
    ),
};

export const userKeys = {
  all: ['users'] as const,
  /** The user info of one session (its token). */
  info: (token: string | null) => [...userKeys.all, 'info', token] as const,
  /** Whether a recovery link can still be used. */
  resetLink: (uuid: string) => [...userKeys.all, 'reset-link', uuid] as const,
};
