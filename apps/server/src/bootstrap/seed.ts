import { ROLES } from '@atk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { roles, users } from '../db/schema.ts';
import { seedCurrencies } from '../modules/catalogue/service.ts';
import { seedTooltips } from '../modules/tooltips/service.ts';
import type { Queue } from '../platform/queue/types.ts';
import type { Storage } from '../platform/storage/types.ts';
import { DEMO_ACCOUNTS, DEMO_MASTER_BRAND, DEMO_PASSWORD, seedDemoAccounts } from './demo/accounts.ts';
import { seedDemoContent } from './demo/content.ts';
import { seedDemoInstance } from './demo/instance.ts';
import { seedDemoMobile } from './demo/mobile.ts';
import { convertMarkdownGuide } from './rich-text.ts';

/** Roles always exist; demo data goes in once per database, and never in production. */
export async function seed(
  db: Db,
  opts: {
    demo: boolean;
    log?: FastifyBaseLogger;
    storage?: Storage;
    queue?: Queue;
    /** Length of the demo recordings (22 s; a benchmark asks for songs of real length). */
    demoSeconds?: number;
  },
): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedCurrencies(db);
  // Content defaults (not demo data): the player's feature tooltips, while the table is empty.
  await seedTooltips(db);
  // Data written before rich text: a markdown guide becomes HTML, once per database.
  if (await convertMarkdownGuide(db)) opts.log?.info('the client guide was converted from markdown to rich text');
  if (!opts.demo) return;
  await seedDemoAccounts(db, opts.log);
  // Products with real (synthesised) audio, once per database; needs the file store and the job queue.
  if (opts.storage && opts.queue) {
    await seedDemoContent(db, {
      brandName: DEMO_MASTER_BRAND,
      storage: opts.storage,
      queue: opts.queue,
      log: opts.log,
      seconds: opts.demoSeconds,
    });
    // The landing page's player: after the content it shows.
    await seedDemoInstance(db, { brandName: DEMO_MASTER_BRAND, log: opts.log });
    // The mobile landing page's widget: the same products and song, in a mobile instance.
    await seedDemoMobile(db, { brandName: DEMO_MASTER_BRAND, log: opts.log });
  }
  const present = await db.select({ email: users.email }).from(users).where(eq(users.isDemo, true));
  if (present.length > 0)
    opts.log?.info(
      `demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email}`).join(', ')}`,
    );
}
