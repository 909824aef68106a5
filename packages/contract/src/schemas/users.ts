import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { email, hashedPassword, id, isoTime, says, text } from './common.ts';
import { subscription } from './subscriptions.ts';

/** The profile fields of spec 1 §2 (Profile) and §3 (User info). */
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

const profileShape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, text(200)])) as Record<
  ProfileField,
  ReturnType<typeof text>
>;

export const profileUpdate = z.object(profileShape);
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const userInfo = z.object({
  _id: id,
  email: z.string(),
  role: z.enum(ROLES),
  register_type: z.enum(REGISTER_TYPES).nullable(),
  master_brand_id: z.string().nullable(),
  master_brand_name: z.string().nullable(),
  master_brand_status: z.enum(MASTER_BRAND_STATUSES).nullable(),
  created_at: isoTime,
  ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, z.string().nullable()])),
  /**
   * Customers only: the subscription the server enforces on their brand's instances (docs/api.md), so the
   * console can show the upgrade dialog before a save is refused.
   */
  subscription: subscription.optional(),
});
export type UserInfo = z.infer<typeof userInfo> & Record<ProfileField, string | null>;

export const loginBody = z.object({ email, password: hashedPassword });
export const loginData = z.object({ token: z.string(), user_info: userInfo });

export const registerBody = profileUpdate.extend({
  email,
  password: hashedPassword,
  password_confirm: hashedPassword,
  brand_name: z.string(says('must be text')).trim().min(1, { error: 'is required' }).max(200),
});

export const resetRequestBody = z.object({ email });
export const resetUpdateBody = z.object({
  uuid: id,
  password: hashedPassword,
  password_confirm: hashedPassword,
});
export const updatePasswordBody = z.object({
  origin_password: z
    .union([z.literal(''), hashedPassword], says('must be empty or the SHA-256 hex of the password'))
    .default(''),
  new_password: hashedPassword,
  password_confirm: hashedPassword,
});

export const invitationRead = z.object({ user_info: userInfo, token: z.string() });

/** GET /admin/users/{id} (spec 2 §7): the user and its own subscription (the default plan when none is stored). */
export const adminUser = userInfo.extend({ subscription });
export type AdminUser = z.infer<typeof adminUser> & Record<ProfileField, string | null>;

/**
 * PUT /admin/users/{id} (spec 2 §7): user fields, or {master_brand_status} (Confirm), or {subscription}
 * (Edit Features), or a new password with its confirmation (Reset Password). Fields absent are left alone.
 */
export const adminUserUpdate = profileUpdate
  .extend({
    master_brand_id: id.optional(),
    master_brand_status: z.enum(MASTER_BRAND_STATUSES, says('must be pending or active')).optional(),
    subscription: subscription.optional(),
    password: hashedPassword.optional(),
    password_confirm: hashedPassword.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'must hold at least one field to change',
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;
