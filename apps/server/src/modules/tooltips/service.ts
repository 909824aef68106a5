import { MSG, type PlayerInstance, type TooltipCreate, type TooltipQuery, type TooltipUpdate } from '@atk/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage } from '../../db/query.ts';
import { appMeta, tooltips } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete, updateLive } from '../../db/soft-delete.ts';
import { defaultTooltipRows } from './defaults.ts';

type Row = typeof tooltips.$inferSelect;

const toTooltip = (t: Row) => ({
  _id: t.id,
  feature: t.feature,
  content: t.content,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

/** By feature code, then oldest first within a feature (the player shows them in this order too). */
const ORDER = [asc(tooltips.feature), asc(tooltips.createdAt), asc(tooltips.id)];

export async function listTooltips(db: Db, q: TooltipQuery) {
  const filters: SQL[] = [deletedIs(tooltips, q.is_deleted)];
  if (q.content) filters.push(contains(tooltips.content, q.content));
  if (q.feature !== undefined) filters.push(eq(tooltips.feature, q.feature));
  const where = and(...filters);
  const rows = db
    .select()
    .from(tooltips)
    .where(where)
    .orderBy(...ORDER)
    .$dynamic();
  return listPage(db, q, rows, { from: tooltips, where }, toTooltip);
}

export async function getTooltip(db: Db, id: string) {
  return toTooltip(await getLive(db, tooltips, id, MSG.tooltipNotFound));
}

export async function createTooltip(db: Db, input: TooltipCreate) {
  const [row] = await db.insert(tooltips).values({ feature: input.feature, content: input.content }).returning();
  return toTooltip(row);
}

export async function updateTooltip(db: Db, id: string, input: TooltipUpdate) {
  return toTooltip(
    await updateLive(db, tooltips, id, { feature: input.feature, content: input.content }, MSG.tooltipNotFound),
  );
}

export async function deleteTooltip(db: Db, id: string) {
  await softDelete(db, tooltips, id, MSG.tooltipNotFound);
}

/** What the player shows: every tooltip not deleted, by feature. */
export async function playerTooltips(db: Db): Promise<PlayerInstance['tooltips']> {
  return db
    .select({ feature: tooltips.feature, content: tooltips.content })
    .from(tooltips)
    .where(deletedIs(tooltips))
    .orderBy(...ORDER);
}

/**
 * The default tooltips, once per database and only into an empty table (so tooltips an operator deleted never come
 * back). The app_meta claim makes concurrent starts insert them once.
 */
export async function seedTooltips(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'default_tooltips', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    const [{ n }] = await tx.select({ n: count() }).from(tooltips);
    if (Number(n) === 0) await tx.insert(tooltips).values(defaultTooltipRows());
  });
}
