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
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage } from '../../db/query.ts';
import { plans, users } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete, updateLive } from '../../db/soft-delete.ts';

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
  const filters: SQL[] = [deletedIs(plans, q.is_deleted)];
  if (q.name) filters.push(contains(plans.name, q.name));
  if (q.is_published !== undefined) filters.push(eq(plans.isPublished, q.is_published ? 1 : 0));
  const where = and(...filters);
  const rows = db.select().from(plans).where(where).orderBy(desc(plans.createdAt), desc(plans.id)).$dynamic();
  const page = await listPage(db, q, rows, { from: plans, where }, (row) => row);
  const counts = await customersCounts(
    db,
    page.list.map((r) => r.id),
  );
  return { list: page.list.map((r) => toPlan(r, counts.get(r.id) ?? 0)), total_num: page.total_num };
}

/** A plan that is not deleted, else 404 `Plan not found`. */
export const planRow = (db: Db, id: string): Promise<Row> => getLive(db, plans, id, MSG.planNotFound);

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
    const current = await getLive(tx, plans, id, MSG.planNotFound, { lock: true });
    return updateLive(
      tx,
      plans,
      id,
      { name: body.name, isPublished: body.is_published, subscription: withFeatures(current.subscription, body) },
      MSG.planNotFound,
    );
  });
  return answer(db, row);
}

export const deletePlan = (db: Db, id: string) => softDelete(db, plans, id, MSG.planNotFound);
