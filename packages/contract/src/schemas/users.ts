import { z } from 'zod';
import { MSG } from '../messages.ts';
import { isPhoneLike } from '../phone.ts';
import { ROLES } from '../roles.ts';
import {
  email,
  filterText,
  hashedPassword,
  httpUrl,
  id,
  isoTime,
  pageQuery,
  safeString,
  says,
  text,
} from './common.ts';
import { subscription } from './subscriptions.ts';

/** The profile fields a user saves and reads back (PUT /users/profile, GET /users/info; docs/api.md "Accounts"). */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'company_name',
  'company_website',
  'company_phone',
  'phone',
  'brand_name',
  'brand_website',
  'address_line_1',
  'address_line_2',
  'city',
  'state_province_region',
  'postal_code',
  'country',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const REGISTER_TYPES = ['invite_existing_brand', 'self_signup', 'operator_created'] as const;
export const MASTER_BRAND_STATUSES = ['pending', 'active'] as const;
/** A brand's state (docs/api.md "A brand's state and scope"): published, waiting for an operator, or deleted. */
export const BRAND_STATES = ['active', 'pending', 'deleted'] as const;
export type BrandState = (typeof BRAND_STATES)[number];

/** The profile's links: http(s) only (docs/api.md "Text and URL rules"). */
const LINK_FIELDS: readonly ProfileField[] = ['company_website', 'brand_website'];
/** The profile's phone numbers: phone-like text only (`isPhoneLike`). */
export const PHONE_FIELDS: readonly ProfileField[] = ['phone', 'company_phone'];

const profileField = (f: ProfileField) => {
  const name = `Profile: ${f.replace(/_/g, ' ')}`;
  if (LINK_FIELDS.includes(f))
    return httpUrl(200).nullish().describe(`${name}, an http(s) address; empty or null: none.`);
  if (PHONE_FIELDS.includes(f))
    return text(200)
      .refine((v) => !v || isPhoneLike(v), { error: MSG.phoneLike })
      .describe(`${name}, phone-like text, at most 200 characters; empty or null: none.`);
  return text(200).describe(`${name}, at most 200 characters; empty or null: none.`);
};
const profileShape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profileField(f)])) as Record<
  ProfileField,
  ReturnType<typeof text>
>;

export const profileUpdate = z.object(profileShape);
export type ProfileUpdate = z.infer<typeof profileUpdate>;
/** PUT /users/profile as the console sends it: every profile field, null when empty. */
export type ProfilePayload = Record<ProfileField, string | null>;

/** A customer's brand as an account answer carries it (null for the other roles). */
const accountBrand = {
  master_brand_id: z.string().nullable().describe("A customer's brand; null when none."),
  master_brand_name: z.string().nullable().describe("That brand's name; null when none."),
  master_brand_status: z
    .enum(MASTER_BRAND_STATUSES)
    .nullable()
    .describe('pending until an operator confirms a sign-up, then active; null when none.'),
  master_brand_state: z
    .enum(BRAND_STATES)
    .nullable()
    .describe(
      "The brand's own state: active (published), pending (not confirmed by an operator yet, or switched off: none of its players is public), deleted; null when none.",
    ),
};

export const userInfo = z.object({
  _id: id.describe("The user's id."),
  email: z.string().describe('The email it signs in with.'),
  role: z.enum(ROLES).describe(`Its role: ${ROLES.join(', ')}.`),
  register_type: z
    .enum(REGISTER_TYPES)
    .nullable()
    .describe('How a customer account was made: invited to a brand, signed up, or by an operator; null when none.'),
  ...accountBrand,
  created_at: isoTime.describe('When the account was made.'),
  ...(Object.fromEntries(
    PROFILE_FIELDS.map((f) => [
      f,
      z
        .string()
        .nullable()
        .describe(`Profile: ${f.replace(/_/g, ' ')}; null when empty.`),
    ]),
  ) as Record<ProfileField, z.ZodNullable<z.ZodString>>),
  /**
   * Customers only: the subscription the server enforces on their brand's instances (docs/api.md), so the
   * console can show the upgrade dialog before a save is refused.
   */
  subscription: subscription
    .optional()
    .describe("Customers only: the subscription the server enforces on their brand's instances."),
});
export type UserInfo = z.infer<typeof userInfo> & Record<ProfileField, string | null>;

export const loginBody = z.object({
  email: email.describe('The email the account signs in with (any case).'),
  password: hashedPassword.describe('The SHA-256 hex of the password (the client hashes it).'),
});
export type LoginBody = z.infer<typeof loginBody>;
export const loginData = z.object({
  token: z.string().describe('The session token: send it as `Authorization: Bearer <token>`; valid for 30 days.'),
  user_info: userInfo.describe('The signed-in user.'),
});
/** POST /users/login and /users/register: the session token and the user. */
export type LoginData = Omit<z.infer<typeof loginData>, 'user_info'> & { user_info: UserInfo };

const newPassword = hashedPassword.describe('The SHA-256 hex of the new password.');
const confirmPassword = hashedPassword.describe('The SHA-256 hex of the new password again; must equal it.');

export const registerBody = profileUpdate.extend({
  email: email.describe('The email to sign in with.'),
  password: newPassword,
  password_confirm: confirmPassword,
  brand_name: safeString()
    .trim()
    .min(1, { error: 'is required' })
    .max(200)
    .describe("The new brand's name (pending until an operator confirms): 1–200 characters."),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const resetRequestBody = z.object({ email: email.describe('The email of the account to recover.') });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;
export const resetUpdateBody = z.object({
  uuid: id.describe("The recovery link's uuid (the last part of the mailed link)."),
  password: newPassword,
  password_confirm: confirmPassword,
});
export type ResetUpdateBody = z.infer<typeof resetUpdateBody>;
/** GET /users/reset_password/{uuid}: a recovery link can still be used (else 404 invalid, 410 used or expired). */
export const resetLinkParams = z.object({
  uuid: id.describe("The recovery link's uuid (the last part of the mailed link)."),
});
export type ResetLinkParams = z.infer<typeof resetLinkParams>;
export const resetLinkRead = z.object({ expires_at: z.string().describe('When the link expires (ISO 8601).') });
export type ResetLinkRead = z.infer<typeof resetLinkRead>;
export const updatePasswordBody = z.object({
  origin_password: z
    .union([z.literal(''), hashedPassword], says('must be empty or the SHA-256 hex of the password'))
    .default('')
    .describe('The SHA-256 hex of the current password; empty only while the user has none yet (an invited user).'),
  new_password: newPassword,
  password_confirm: confirmPassword,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const invitationRead = z.object({
  user_info: userInfo.describe('The invited user.'),
  token: z.string().describe('A session token for the invited user, to set the first password with.'),
});
/** GET /invitations/{uuid}: the invited user and a session token to set the first password with. */
export type InvitationData = Omit<z.infer<typeof invitationRead>, 'user_info'> & { user_info: UserInfo };

/**
 * GET /admin/users/{id}: the user and its own subscription (the default plan when none is stored),
 * and the plan the operator last chose for it (docs/api.md "Customers and plans").
 */
export const adminUser = userInfo.extend({
  subscription: subscription.describe("The user's own subscription (the default plan's features when none is stored)."),
  plan_id: z.string().nullable().describe('The plan the operator last chose for it; null when none.'),
});
export type AdminUser = z.infer<typeof adminUser> & Record<ProfileField, string | null>;

/**
 * PUT /admin/users/{id} (docs/api.md "Customers and plans"): user fields, or {master_brand_status} (Confirm), or
 * {subscription} (Edit Features), or a new password with its confirmation (Reset Password). Fields absent are left
 * alone.
 */
export const adminUserUpdate = profileUpdate
  .extend({
    master_brand_id: id.optional().describe("Customers only: the customer's brand (an existing one)."),
    master_brand_status: z
      .enum(MASTER_BRAND_STATUSES, says('must be pending or active'))
      .optional()
      .describe('Customers only: active confirms a pending sign-up (and publishes the brand it signed up with).'),
    subscription: subscription
      .optional()
      .describe("Customers only: the customer's subscription, replaced whole (Edit Features)."),
    password: hashedPassword
      .optional()
      .describe('Reset Password: the SHA-256 hex of the new password; ends every session of the user.'),
    password_confirm: hashedPassword.optional().describe('The SHA-256 hex of the new password again; must equal it.'),
    /** The plan the operator chose on Customer edit: recorded with the subscription it filled in; null: none. */
    plan_id: id
      .nullable()
      .optional()
      .describe('Customers only, sent with subscription: the plan it was filled from; null: none.'),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'must hold at least one field to change',
  })
  .refine((body) => body.plan_id === undefined || body.subscription !== undefined, {
    error: 'must be sent with subscription',
    path: ['plan_id'],
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

/** A cleared filter (an empty value) is no filter. */
const blank = (v: unknown) => (v === '' ? undefined : v);

/**
 * GET /admin/users (docs/api.md "Customers and plans"): the Customers list's filters; `name` and `email` match
 * anywhere, literally.
 */
export const adminUserQuery = pageQuery.extend({
  role_id: z.preprocess(blank, id.optional()).describe('Only accounts of this role (empty: any).'),
  name: filterText(200).describe('Part of the first, last or full name (any case, `%` and `_` literally).'),
  email: filterText(254).describe('Part of the email (any case, `%` and `_` literally).'),
  master_brand_status: z
    .preprocess(blank, z.enum(MASTER_BRAND_STATUSES, says('must be pending or active')).optional())
    .describe('pending or active: only customers whose brand is in that state (empty: any).'),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

/** A row of the Customers list. `name` is first and last name; `plan_id` the plan last chosen (or null). */
export const adminUserRow = z.object({
  _id: id.describe("The user's id."),
  email: z.string().describe('The email it signs in with.'),
  name: z.string().describe('First and last name, joined by a space.'),
  first_name: z.string().nullable().describe('First name; null when empty.'),
  last_name: z.string().nullable().describe('Last name; null when empty.'),
  company_name: z.string().nullable().describe('Company name; null when empty.'),
  ...accountBrand,
  role_id: id.describe("The role's id."),
  role: z.enum(ROLES).describe(`The role: ${ROLES.join(', ')}.`),
  created_at: isoTime.describe('When the account was made.'),
  plan_id: z.string().nullable().describe('The plan the operator last chose for it; null when none.'),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/**
 * POST /admin/users (New Customer; docs/api.md "Customers and plans"). `email` and a matching password are checked by
 * the server so the answers are the spec's own texts ('Email is required', 'Password and confirm password must match').
 * `master_brand_name` is accepted for the console's sake; the name shown is always the brand's own.
 */
export const adminUserCreate = z
  .object({
    email: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email.optional())
      .describe("The customer's email, to sign in with (required: 400 'Email is required')."),
    password: z
      .union([z.literal(''), hashedPassword], says('must be the SHA-256 hex of the password'))
      .optional()
      .describe('The SHA-256 hex of its password (required).'),
    password_confirm: z
      .union([z.literal(''), hashedPassword], says('must be the SHA-256 hex of the password'))
      .optional()
      .describe('The SHA-256 hex of the password again; must equal it.'),
    master_brand_id: z.preprocess(blank, id.nullish()).describe("The customer's brand (an existing one); empty: none."),
    master_brand_name: text(200).describe("Accepted and ignored: the name shown is the brand's own."),
    master_brand_status: z
      .enum(MASTER_BRAND_STATUSES, says('must be pending or active'))
      .nullish()
      .describe('Accepted; the customer is active at once whatever is sent (null without a brand).'),
    company_name: text(200).describe('Company name, at most 200 characters.'),
    first_name: text(200).describe('First name, at most 200 characters.'),
    last_name: text(200).describe('Last name, at most 200 characters.'),
    role_id: z
      .preprocess(blank, id.optional())
      .describe("The customer role's id, or absent (only customers are made)."),
  })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreate>;
