/**
 * The demo mobile widget: a published mobile instance "Demo Mobile" listing the demo brand's products (all active,
 * the first three featured in player positions 1–3) on the demo song with all its sources, set as the mobile
 * landing instance unless one is set already, so a fresh start's /mobile plays. Written as rows directly (the
 * mobile operator's service is another module); once per database (`app_meta.demo_mobile`), after the demo content.
 */
import { DEFAULT_IMAGES, type InstanceSong } from '@atk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  appMeta,
  brands,
  instruments,
  mobileInstanceProducts,
  mobileInstances,
  products,
  songs,
} from '../../db/schema.ts';
import { readSetting, writeSetting } from '../../modules/settings/service.ts';
import { DEMO_SONG } from './content.ts';

export const DEMO_MOBILE_INSTANCE = 'Demo Mobile';

export async function seedDemoMobile(db: Db, opts: { brandName: string; log?: FastifyBaseLogger }) {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_mobile'));
  if (done) return false;
  const [song] = await db
    .select({ id: songs.id, brandId: brands.id })
    .from(songs)
    .innerJoin(brands, eq(brands.id, songs.brandId))
    .where(and(eq(brands.name, opts.brandName), eq(songs.name, DEMO_SONG), eq(songs.isDeleted, false)));
  if (!song) return false;
  const created = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_mobile', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return null;
    const sources = await tx
      .select({ id: instruments.id })
      .from(instruments)
      .where(and(eq(instruments.songId, song.id), eq(instruments.isDeleted, false)))
      .orderBy(asc(instruments.order), asc(instruments.id));
    const demoSong: InstanceSong = {
      song_id: song.id,
      is_active: 1,
      order: 1,
      instruments: sources.map((s, i) => ({ instrument_id: s.id, is_active: 1, order: i + 1 })),
    };
    const [instance] = await tx
      .insert(mobileInstances)
      .values({ name: DEMO_MOBILE_INSTANCE, isPublished: 1, sources: [demoSong], images: DEFAULT_IMAGES })
      .returning({ id: mobileInstances.id });
    const demoProducts = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.brandId, song.brandId), eq(products.isPublished, 1), eq(products.isDeleted, false)))
      .orderBy(asc(products.order), asc(products.id));
    if (demoProducts.length)
      await tx.insert(mobileInstanceProducts).values(
        demoProducts.map((p, i) => ({
          instanceId: instance.id,
          productId: p.id,
          isActive: 1,
          isFeatured: i < 3 ? 1 : 0,
          featuredOrder: i < 3 ? i + 1 : null,
          playerPosition: i < 3 ? i + 1 : null,
        })),
      );
    // A database whose operator already chose a mobile landing instance keeps it.
    const landing = await readSetting<{ instance: unknown } | null>(tx, 'mobile_landing_instance', null);
    if (!landing?.instance) await writeSetting(tx, 'mobile_landing_instance', { instance: { _id: instance.id } });
    return instance;
  });
  if (created) opts.log?.info(`demo mobile instance '${DEMO_MOBILE_INSTANCE}' is the mobile landing page's player`);
  return created !== null;
}
