import { z } from 'zod';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, status01 } from './common.ts';
import { subscription } from './subscriptions.ts';

/**
 * A plan: a named template of a subscription. Choosing one on Customer edit
 * copies its features into the customer's own subscription; later edits of the plan never change a customer's
 * (docs/api.md "Customers and plans"). `customers_count`: the customers, not deleted, whose last chosen plan it is.
 */
export const plan = subscription.extend({
  _id: id,
  name: z.string(),
  is_published: status01,
  created_at: isoTime,
  updated_at: isoTime,
  customers_count: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

const planName = safeString().trim().min(1, { error: 'is required' }).max(200);
const features = subscription.partial().shape;

/** POST /admin/subscriptions: features absent take DEFAULT_SUBSCRIPTION's; pending unless `is_published: 1`. */
export const planCreate = z.object({ name: planName, is_published: status01.default(0), ...features }).strict();
export type PlanCreate = z.infer<typeof planCreate>;

/** PUT /admin/subscriptions/{id}: what is sent is changed, the rest stays. */
export const planUpdate = z
  .object({ name: planName.optional(), is_published: status01.optional(), ...features })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'must hold at least one field to change',
  });
export type PlanUpdate = z.infer<typeof planUpdate>;

/** GET /admin/subscriptions: newest first; `name` matches anywhere, literally. */
export const planQuery = pageQuery.extend({
  name: filterText(200),
  is_published: queryBool.optional(),
});
export type PlanQuery = z.infer<typeof planQuery>;
