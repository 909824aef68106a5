import { id as idSchema, type LandingAdminSetting, type LandingContent, type LandingSetting, MSG } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instances, settings } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

export async function readSetting<T>(db: Db, type: string, fallback: T): Promise<T> {
  const [row] = await db.select({ content: settings.content }).from(settings).where(eq(settings.type, type)).limit(1);
  return (row?.content as T | undefined) ?? fallback;
}

export async function writeSetting(db: Db, type: string, content: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ type, content })
    .onConflictDoUpdate({ target: settings.type, set: { content, updatedAt: new Date() } });
}

/** The instance a landing setting names, with what decides whether visitors may see it (none when deleted). */
async function landingInstance(db: Db, type: LandingSetting) {
  const stored = await readSetting<LandingContent | null>(db, type, null);
  const id = stored?.instance?._id;
  if (!idSchema.safeParse(id).success) return null;
  const [row] = await db
    .select({
      _id: instances.id,
      name: instances.name,
      brand_name: brands.name,
      isPublished: instances.isPublished,
      brandDeleted: brands.isDeleted,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(and(eq(instances.id, id as string), eq(instances.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** What the landing pages launch: the stored instance only while the player can show it (published, brand kept). */
export async function readPublicLanding(db: Db, type: LandingSetting): Promise<LandingContent> {
  const row = await landingInstance(db, type);
  return { instance: row && row.isPublished === 1 && !row.brandDeleted ? { _id: row._id } : null };
}

/** The operator's view: the stored choice with its names, unless the instance has been deleted. */
export async function readAdminLanding(db: Db, type: 'landing_instance'): Promise<LandingAdminSetting> {
  const row = await landingInstance(db, type);
  return { type, content: { instance: row ? { _id: row._id, name: row.name, brand_name: row.brand_name } : null } };
}

/** The landing instance must exist (not deleted, nor its brand) and be published; null clears the setting. */
export async function writeLandingInstance(db: Db, type: LandingSetting, id: string | null): Promise<void> {
  if (id) {
    const [row] = await db
      .select({ isPublished: instances.isPublished })
      .from(instances)
      .innerJoin(brands, eq(brands.id, instances.brandId))
      .where(and(eq(instances.id, id), eq(instances.isDeleted, false), eq(brands.isDeleted, false)))
      .limit(1);
    if (!row) throw notFound(MSG.instanceNotFound);
    if (row.isPublished !== 1) throw badRequest(MSG.landingInstanceNotPublished);
  }
  await writeSetting(db, type, { instance: id ? { _id: id } : null });
}
