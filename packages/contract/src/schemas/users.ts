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

/** The profile's links: http(s) only (docs/api.md "Text and URL rules"). */
const LINK_FIELDS: readonly ProfileField[] = ['company_website', 'brand_website'];
/** The profile's phone numbers: phone-like text only (`isPhoneLike`). */
export const PHONE_FIELDS: readonly ProfileField[] = ['phone', 'company_phone'];

const profileField = (f: ProfileField) => {
  if (LINK_FIELDS.includes(f)) return httpUrl(200).nullish();
  if (PHONE_FIELDS.includes(f)) return text(200).refine((v) => !v || isPhoneLike(v), { error: MSG.phoneLike });
  return text(200);
};
const profileShape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profileField(f)])) as Record<
  ProfileField,
  ReturnType<typeof text>
>;

export const profileUpdate = z.object(profileShape);
export type ProfileUpdate = z.infer<typeof profileUpdate>;
/** PUT /users/profile as the console sends it: every profile field, null when empty. */
export type ProfilePayload = Record<ProfileField, string | null>;

export const userInfo = z.object({
  _id: id.describe("The user's id."),
  email: z.string().describe('The email it signs in with.'),
  role: z.enum(ROLES).describe(`Its role: ${ROLES.join(', ')}.`),
  register_type: z
    .enum(REGISTER_TYPES)
    .nullable()
    .describe('How a customer account was made: invited to a brand, signed up, or by an operator; null when none.'),
  master_brand_id: z.string().nullable().describe("A customer's brand; null when none."),
  master_brand_name: z.string().nullable().describe("That brand's name; null when none."),
  master_brand_status: z
    .enum(MASTER_BRAND_STATUSES)
    .nullable()
    .describe('pending until an operator confirms a sign-up, then active; null when none.'),
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

export const loginBody = z.object({ email, password: hashedPassword });
export const loginData = z.object({ token: z.string(), user_info: userInfo });
/** POST /users/login and /users/register: the session token and the user. */
export type LoginData = Omit<z.infer<typeof loginData>, 'user_info'> & { user_info: UserInfo };

export const registerBody = profileUpdate.extend({
  email,
  password: hashedPassword,
  password_confirm: hashedPassword,
  brand_name: safeString().trim().min(1, { error: 'is required' }).max(200),
});

export const resetRequestBody = z.object({ email });
export const resetUpdateBody = z.object({
  uuid: id,
  password: hashedPassword,
  password_confirm: hashedPassword,
});
/** GET /users/reset_password/{uuid}: a recovery link can still be used (else 404 invalid, 410 used or expired). */
export const resetLinkParams = z.object({ uuid: id });
export const resetLinkRead = z.object({ expires_at: z.string() });
export const updatePasswordBody = z.object({
  origin_password: z
    .union([z.literal(''), hashedPassword], says('must be empty or the SHA-256 hex of the password'))
    .default(''),
  new_password: hashedPassword,
  password_confirm: hashedPassword,
});

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
export const adminUser = userInfo.extend({ subscription, plan_id: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUser> & Record<ProfileField, string | null>;

/**
 * PUT /admin/users/{id} (docs/api.md "Customers and plans"): user fields, or {master_brand_status} (Confirm), or
 * {subscription} (Edit Features), or a new password with its confirmation (Reset Password). Fields absent are left
 * alone.
 */
export const adminUserUpdate = profileUpdate
  .extend({
    master_brand_id: id.optional(),
    master_brand_status: z.enum(MASTER_BRAND_STATUSES, says('must be pending or active')).optional(),
    subscription: subscription.optional(),
    password: hashedPassword.optional(),
    password_confirm: hashedPassword.optional(),
    /** The plan the operator chose on Customer edit: recorded with the subscription it filled in; null: none. */
    plan_id: id.nullable().optional(),
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
  role_id: z.preprocess(blank, id.optional()),
  name: filterText(200),
  email: filterText(254),
  master_brand_status: z.preprocess(blank, z.enum(MASTER_BRAND_STATUSES, says('must be pending or active')).optional()),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

/** A row of the Customers list. `name` is first and last name; `plan_id` the plan last chosen (or null). */
export const adminUserRow = z.object({
  _id: id,
  email: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  master_brand_id: z.string().nullable(),
  master_brand_name: z.string().nullable(),
  master_brand_status: z.enum(MASTER_BRAND_STATUSES).nullable(),
  role_id: id,
  role: z.enum(ROLES),
  created_at: isoTime,
  plan_id: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/**
 * POST /admin/users (New Customer; docs/api.md "Customers and plans"). `email` and a matching password are checked by
 * the server so the answers are the spec's own texts ('Email is required', 'Password and confirm password must match').
 * `master_brand_name` is accepted for the console's sake; the name shown is always the brand's own.
 */
export const adminUserCreate = z
  .object({
    email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), email.optional()),
    password: z.union([z.literal(''), hashedPassword], says('must be the SHA-256 hex of the password')).optional(),
    password_confirm: z
      .union([z.literal(''), hashedPassword], says('must be the SHA-256 hex of the password'))
      .optional(),
    master_brand_id: z.preprocess(blank, id.nullish()),
    master_brand_name: text(200),
    master_brand_status: z.enum(MASTER_BRAND_STATUSES, says('must be pending or active')).nullish(),
    company_name: text(200),
    first_name: text(200),
    last_name: text(200),
    role_id: z.preprocess(blank, id.optional()),
  })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreate>;
