import { z } from 'zod';
import { API_BASE, RESET_TTL_HOURS, SESSION_TTL_DAYS } from '../constants.ts';
import { ADMINS, endpoint, removal } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import {
  adminUser,
  adminUserCreate,
  adminUserQuery,
  adminUserRow,
  adminUserUpdate,
  loginBody,
  loginData,
  profileUpdate,
  registerBody,
  resetLinkParams,
  resetLinkRead,
  resetRequestBody,
  resetUpdateBody,
  updatePasswordBody,
  userInfo,
} from '../schemas/users.ts';

const tag = 'users';
const users = `${API_BASE}/users`;
const reset = `${users}/reset_password`;

/** The signed-in user's own calls: sign-in and out, sign-up, the profile, the passwords (docs/api.md "Accounts"). */
export const userEndpoints = {
  login: endpoint({
    method: 'POST',
    path: `${users}/login`,
    auth: 'public',
    body: loginBody,
    data: loginData,
    tag,
    summary: 'Sign in',
    description: `A new session token (valid ${SESSION_TTL_DAYS} days, answered with \`Cache-Control: no-store\`) and the user, with msg '${MSG.loginSuccess}'. A wrong email or password, or a deleted account, is 400 '${MSG.invalidCredentials}' (not 401). Failed sign-ins are limited per email and address pair, per email and per address (docs/api.md "Sign-in and recovery limits"): past a limit, 429 '${MSG.tooManyAttempts}'.`,
  }),
  register: endpoint({
    method: 'POST',
    path: `${users}/register`,
    auth: 'public',
    body: registerBody,
    data: z.null(),
    tag,
    summary: 'Sign up',
    description: `Self sign-up: makes a customer and a new brand named \`brand_name\`, both pending until an operator confirms, and mails a welcome. The answer is the same, msg '${MSG.registerReceived}' and no session, whether or not the email has an account (its owner is mailed instead). Passwords that differ are 400 '${MSG.passwordMismatch}'; 10 sign-ups per address an hour, then 429.`,
  }),
  logout: endpoint({
    method: 'POST',
    path: `${users}/logout`,
    auth: 'user',
    data: z.null(),
    tag,
    summary: 'Sign out',
    description: 'Revokes the calling session token; other sessions of the user stay.',
  }),
  info: endpoint({
    method: 'GET',
    path: `${users}/info`,
    auth: 'user',
    data: userInfo,
    tag,
    summary: 'Read the signed-in user',
    description:
      "The signed-in user: role, brand (with the brand's own state: pending until an operator confirms it), profile and, for a customer, the subscription the server enforces.",
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: `${users}/profile`,
    auth: 'user',
    body: profileUpdate,
    data: userInfo,
    tag,
    summary: 'Change the profile',
    description: `Saves the profile fields sent (unknown fields such as email or role are ignored) and answers the user as saved, with msg '${MSG.profileUpdated}'. A user invited to an existing brand cannot change \`brand_name\` (400).`,
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: `${users}/update_password`,
    auth: 'user',
    body: updatePasswordBody,
    data: z.null(),
    tag,
    summary: 'Change the password',
    description: `Sets a new password, msg '${MSG.passwordSet}'. \`origin_password\` may be empty only while the user has none yet (an invited user; setting it spends the invitation link); a wrong one is 400 '${MSG.originPasswordWrong}', and 10 wrong ones per user in 15 minutes are 429. Passwords that differ are 400 '${MSG.passwordMismatch}'. Every other session of the user ends.`,
  }),
  requestReset: endpoint({
    method: 'POST',
    path: reset,
    auth: 'public',
    body: resetRequestBody,
    data: z.null(),
    tag,
    summary: 'Ask for a password recovery link',
    description: `Mails the account a single-use link, \`PUBLIC_URL/recover/{uuid}\`, valid ${RESET_TTL_HOURS} hour. The answer is the same, msg '${MSG.recoverSent}', in the same time, whether or not the email has an account; the mail goes out after the answer. 5 requests per email and 10 per address an hour, then 429.`,
  }),
  checkReset: endpoint({
    method: 'GET',
    path: `${reset}/:uuid`,
    auth: 'public',
    params: resetLinkParams,
    data: resetLinkRead,
    tag,
    summary: 'Check a password recovery link',
    description: `Whether a recovery link can still be used, asked before its form is shown; it claims nothing. An unknown link is 404 '${MSG.resetInvalid}'; a used one 410 '${MSG.resetUsed}'; an expired one 410 '${MSG.resetExpired}'.`,
  }),
  completeReset: endpoint({
    method: 'PUT',
    path: `${reset}/update`,
    auth: 'public',
    body: resetUpdateBody,
    data: z.null(),
    tag,
    summary: 'Set a new password from a recovery link',
    description: `Sets the password and spends the link (and every other open link of the user), msg '${MSG.passwordSet}'; every session of the user ends and the email's sign-in back-off is cleared. An unknown link is 404 '${MSG.resetInvalid}'; a used one 410 '${MSG.resetUsed}'; an expired one 410 '${MSG.resetExpired}'; passwords that differ 400 '${MSG.passwordMismatch}'.`,
  }),
};

const all = `${API_BASE}/admin/users`;
const one = `${all}/:id`;
const manages = `A global admin manages super admins, atk operators and customers, a super admin customers only; an account the caller may not manage is 404 '${MSG.userNotFound}' (docs/api.md "Who manages whom").`;

/** The operators' accounts screens, Customers first (docs/api.md "Customers and plans", "Who manages whom"). */
export const adminUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: all,
    auth: ADMINS,
    query: adminUserQuery,
    data: listOf(adminUserRow),
    tag,
    summary: 'List accounts',
    description: `The accounts the caller manages and its own, newest first, 20 a page, filtered by role, name, email and brand state; deleted ones only when \`is_deleted=true\` is asked. The Customers screen asks for the customer role. ${manages}`,
  }),
  create: endpoint({
    method: 'POST',
    path: all,
    auth: ADMINS,
    body: adminUserCreate,
    data: adminUser,
    tag,
    summary: 'Create a customer',
    description: `New Customer: a customer with a password, active at once and able to sign in; no other role is made here. Answers the account, with msg '${MSG.createCustomerSuccess}'. A missing email is 400 '${MSG.emailRequired}'; a missing password or one that differs from its confirmation 400 '${MSG.passwordMismatch}'; a taken email (deleted accounts included) 409 '${MSG.emailTaken}'; an unknown brand 404 '${MSG.brandNotFound}'; an unknown field 400.`,
  }),
  read: endpoint({
    method: 'GET',
    path: one,
    auth: ADMINS,
    params: idParams,
    data: adminUser,
    tag,
    summary: 'Read an account',
    description: `The account, with its own subscription and the plan last chosen for it. An unknown or deleted one is 404 '${MSG.userNotFound}'. ${manages}`,
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    auth: ADMINS,
    params: idParams,
    body: adminUserUpdate,
    data: adminUser,
    tag,
    summary: 'Change an account',
    description: `Changes what is sent and leaves the rest: profile fields; Confirm (\`master_brand_status: active\` on a pending sign-up also confirms its brand: 409 naming the other brand when a live brand has its name, else the brand's users are mailed); Edit Features (\`subscription\`, with the \`plan_id\` it was filled from); Reset Password (\`password\` and its confirmation, ending every session of the user). Brand, status, subscription and plan are for customers only (400 naming the field). An empty body or an unknown field (\`role_id\` too) is 400; the caller's own account 400 '${MSG.cannotChangeSelf}'. Answers the account as saved, with msg '${MSG.updateSuccess}'. ${manages}`,
  }),
  remove: endpoint({
    ...removal(one),
    auth: ADMINS,
    tag,
    summary: 'Delete an account',
    description: `Deletes it (kept, marked deleted; its email stays taken) and ends every session of the user; signing in then answers '${MSG.invalidCredentials}'. msg '${MSG.deleteSuccess}'. The caller's own account is 400 '${MSG.cannotDeleteSelf}'. ${manages}`,
  }),
};
