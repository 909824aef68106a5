import {
  DEFAULT_SUBSCRIPTION,
  MSG,
  type Plan,
  type PlanCreate,
  type PlanQuery,
  type PlanUpdate,
  type Subscription,
  SWITCHED_FEATURES,
} from '@atk/contract';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, users } from '../../db/schema.ts';
import { pageOffset } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { likePattern } from '../brands/service.ts';

type Row = typeof plans.$inferSelect;

const SUBSCRIPTION_KEYS = [...SWITCHED_FEATURES, 'products_in_player', 'atk_songs'] as const;

const toPlan = (row: Row, customersCount: number): Plan => ({
  _id: row.id,
  name: row.name,
  is_published: row.isPublished as 0 | 1,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  ...row.subscription,
  customers_count: customersCount,
});

/** The subscription parts of a body laid over a base: what is sent replaces, the rest stays. */
function withFeatures(base: Subscription, body: Partial<Subscription>): Subscription {
  const out = structuredClone(base);
  for (const key of SUBSCRIPTION_KEYS) if (body[key] !== undefined) Object.assign(out, { [key]: body[key] });
  return out;
}

/** How many customers, not deleted, last chose each of these plans (one grouped query). */
async function customersCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ planId: users.planId, n: count() })
    .from(users)
    .where(and(inArray(users.planId, ids), eq(users.isDeleted, false)))
    .groupBy(users.planId);
  return new Map(rows.map((r) => [r.planId as string, Number(r.n)]));
}

async function answer(db: Db, row: Row): Promise<Plan> {
  const counts = await customersCounts(db, [row.id]);
  return toPlan(row, counts.get(row.id) ?? 0);
}

export async function listPlans(db: Db, q: PlanQuery) {
  const filters: SQL[] = [eq(plans.isDeleted, q.is_deleted ?? false)];
  if (q.name) filters.push(ilike(plans.name, likePattern(q.name)));
  if (q.is_published !== undefined) filters.push(eq(plans.isPublished, q.is_published ? 1 : 0));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  const counts = await customersCounts(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toPlan(r, counts.get(r.id) ?? 0)), total_num: Number(total) };
}

/** A plan that is not deleted, else 404 `Plan not found`. */
export async function planRow(db: Db, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound(MSG.planNotFound);
  return row;
}

export async function getPlan(db: Db, id: string) {
  return answer(db, await planRow(db, id));
}

export async function createPlan(db: Db, body: PlanCreate) {
  const [row] = await db
    .insert(plans)
    .values({ name: body.name, isPublished: body.is_published, subscription: withFeatures(DEFAULT_SUBSCRIPTION, body) })
    .returning();
  return toPlan(row, 0);
}

/** Changes the plan only: customers keep the subscription they were given (a plan is a template). */
export async function updatePlan(db: Db, id: string, body: PlanUpdate) {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), eq(plans.isDeleted, false)))
      .for('update');
    if (!current) throw notFound(MSG.planNotFound);
    const [saved] = await tx
      .update(plans)
      .set({
        name: body.name,
        isPublished: body.is_published,
        subscription: withFeatures(current.subscription, body),
        updatedAt: new Date(),
      })
      .where(eq(plans.id, id))
      .returning();
    return saved;
  });
  return answer(db, row);
}

export async function deletePlan(db: Db, id: string) {
  const [row] = await db
    .update(plans)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(plans.id, id), eq(plans.isDeleted, false)))
    .returning({ id: plans.id });
  if (!row) throw notFound(MSG.planNotFound);
}
