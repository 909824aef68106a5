/** Demo accounts and brands: one account per role, the customer's master brand 'Demo Audio'. */
import { hashPassword, type Role } from '@atk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appMeta, brands, users } from '../../db/schema.ts';
import { roleId } from '../../modules/users/profile.ts';
import { hashSecret } from '../../platform/crypto.ts';

export const DEMO_PASSWORD = 'Demo!2345';

export const DEMO_ACCOUNTS: { email: string; role: Role }[] = [
  { email: 'global@demo.atkplayer.com', role: 'global_admin' },
  { email: 'super@demo.atkplayer.com', role: 'super_admin' },
  { email: 'customer@demo.atkplayer.com', role: 'customer' },
  { email: 'atk@demo.atkplayer.com', role: 'atk' },
];

export const DEMO_MASTER_BRAND = 'Demo Audio';
const DEMO_BRANDS = [DEMO_MASTER_BRAND, 'Northfield Microphones', 'Copperline Preamps', 'Bluestone Audio'];

/** Once per database (`app_meta.demo_seeded`). */
export async function seedDemoAccounts(db: Db, log?: FastifyBaseLogger): Promise<void> {
  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const brandRows = await tx
      .insert(brands)
      .values(DEMO_BRANDS.map((name) => ({ name, isPublished: 1 })))
      .returning();
    const master = brandRows.find((b) => b.name === DEMO_MASTER_BRAND);
    const passwordHash = await hashSecret(hashPassword(DEMO_PASSWORD));
    for (const account of DEMO_ACCOUNTS) {
      const isCustomer = account.role === 'customer';
      await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          roleId: await roleId(tx as unknown as Db, account.role),
          isDemo: true,
          firstName: 'Demo',
          lastName: account.role.replace('_', ' '),
          ...(isCustomer
            ? {
                registerType: 'invite_existing_brand',
                masterBrandId: master?.id,
                masterBrandStatus: 'active',
                brandName: DEMO_MASTER_BRAND,
                companyName: DEMO_MASTER_BRAND,
              }
            : {}),
        })
        .onConflictDoNothing();
    }
    return true;
  });
  if (seeded) log?.info('demo data created');
}
