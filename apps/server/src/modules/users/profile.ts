import {
  DEFAULT_SUBSCRIPTION,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileUpdate,
  type Role,
  type UserInfo,
} from '@atk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, roles, users } from '../../db/schema.ts';
import { stateOf } from '../access/brand-state.ts';
import { isCustomer } from '../access/roles.ts';
import { brandSubscription } from '../subscriptions/service.ts';

type UserRow = typeof users.$inferSelect;

/** API field → column of the users table. */
const COLUMN: Record<ProfileField, keyof UserRow> = {
  first_name: 'firstName',
  last_name: 'lastName',
  company_name: 'companyName',
  company_website: 'companyWebsite',
  company_phone: 'companyPhone',
  phone: 'phone',
  brand_name: 'brandName',
  brand_website: 'brandWebsite',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  state_province_region: 'stateProvinceRegion',
  postal_code: 'postalCode',
  country: 'country',
};

/** The profile columns to write for a profile payload; fields absent from it are left alone. */
export function profileColumns(body: Partial<ProfileUpdate>): Partial<UserRow> {
  const out: Partial<Record<keyof UserRow, unknown>> = {};
  for (const field of PROFILE_FIELDS) {
    if (body[field] !== undefined) out[COLUMN[field]] = body[field] || null;
  }
  return out as Partial<UserRow>;
}

export async function readUserInfo(db: Db, userId: string): Promise<UserInfo | null> {
  const [row] = await db
    .select({ user: users, role: roles.name, brandName: brands.name, brand: brands })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(brands, eq(brands.id, users.masterBrandId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user } = row;
  const profile = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (user[COLUMN[f]] as string | null) ?? null]));
  return {
    _id: user.id,
    email: user.email,
    role: row.role as UserInfo['role'],
    register_type: user.registerType as UserInfo['register_type'],
    master_brand_id: user.masterBrandId,
    master_brand_name: row.brandName,
    master_brand_status: user.masterBrandStatus as UserInfo['master_brand_status'],
    // What the brand console's pending banner and notes go by (docs/api.md "A brand's state and scope").
    master_brand_state: user.masterBrandId ? stateOf(row.brand) : null,
    created_at: user.createdAt.toISOString(),
    ...profile,
    // A customer's: what the server enforces on its brand's instances (docs/api.md).
    ...(isCustomer({ role: row.role as Role })
      ? {
          subscription: user.masterBrandId
            ? await brandSubscription(db, user.masterBrandId)
            : (user.subscription ?? DEFAULT_SUBSCRIPTION),
        }
      : {}),
  } as UserInfo;
}

export async function roleId(db: Db, name: string): Promise<string> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) throw new Error(`role ${name} missing`);
  return row.id;
}
