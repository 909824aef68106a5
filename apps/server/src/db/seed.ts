import { hashPassword, ROLES, type Role } from '@atk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { seedCurrencies } from '../modules/catalogue/service.ts';
import { seedTooltips } from '../modules/tooltips/service.ts';
import { roleId } from '../modules/users/profile.ts';
import { hashSecret } from '../platform/crypto.ts';
import type { Queue } from '../platform/queue/types.ts';
import type { Storage } from '../platform/storage/types.ts';
import type { Db } from './client.ts';
import { seedDemoContent } from './demo-content.ts';
import { appMeta, brands, roles, users } from './schema.ts';

export const DEMO_PASSWORD = 'Demo!2345';

export const DEMO_ACCOUNTS: { email: string; role: Role }[] = [
  { email: 'global@demo.atkplayer.com', role: 'global_admin' },
  { email: 'super@demo.atkplayer.com', role: 'super_admin' },
  { email: 'customer@demo.atkplayer.com', role: 'customer' },
  { email: 'atk@demo.atkplayer.com', role: 'atk' },
];

export const DEMO_MASTER_BRAND = 'Demo Audio';
const DEMO_BRANDS = [DEMO_MASTER_BRAND, 'Northfield Microphones', 'Copperline Preamps', 'Bluestone Audio'];

/** Roles always exist; demo data goes in once per database, and never in production. */
export async function seed(
  db: Db,
  opts: { demo: boolean; log?: FastifyBaseLogger; storage?: Storage; queue?: Queue },
): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedCurrencies(db);
  // Content defaults (not demo data): the player's feature tooltips, while the table is empty.
  await seedTooltips(db);
  if (!opts.demo) return;
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
  if (seeded) opts.log?.info('demo data created');
  // Products with real (synthesised) audio, once per database; needs the file store and the job queue.
  if (opts.storage && opts.queue)
    await seedDemoContent(db, {
      brandName: DEMO_MASTER_BRAND,
      storage: opts.storage,
      queue: opts.queue,
      log: opts.log,
    });
  const present = await db.select({ email: users.email }).from(users).where(eq(users.isDemo, true));
  if (present.length > 0)
    opts.log?.info(
      `demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email}`).join(', ')}`,
    );
}
