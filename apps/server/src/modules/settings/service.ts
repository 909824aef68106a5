import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

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
