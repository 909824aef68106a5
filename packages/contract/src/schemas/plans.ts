import { z } from 'zod';
import { NO_LIMIT } from '../constants.ts';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, status01 } from './common.ts';
import { DEFAULT_SUBSCRIPTION, subscription } from './subscriptions.ts';

/** The features of the examples: the default plan with Discography and no product limit. */
const PLAN_EXAMPLE_FEATURES = {
  ...DEFAULT_SUBSCRIPTION,
  discography: { is_enable: 1 },
  products_in_player: { max_num: NO_LIMIT },
};

/**
 * A plan: a named template of a subscription. Choosing one on Customer edit
 * copies its features into the customer's own subscription; later edits of the plan never change a customer's
 * (docs/api.md "Customers and plans"). `customers_count`: the customers, not deleted, whose last chosen plan it is.
 */
export const plan = subscription
  .extend({
    _id: id.describe("The plan's id."),
    name: z.string().describe("The plan's name."),
    is_published: status01.describe('1: published (offered on Customer edit); 0: pending.'),
    created_at: isoTime.describe('When it was created.'),
    updated_at: isoTime.describe('When it last changed.'),
    customers_count: z.number().int().describe('The customers, not deleted, whose last chosen plan it is.'),
  })
  .meta({ example: { name: 'Pro', is_published: 1, ...PLAN_EXAMPLE_FEATURES, customers_count: 2 } });
export type Plan = z.infer<typeof plan>;

const planName = safeString()
  .trim()
  .min(1, { error: 'is required' })
  .max(200)
  .describe("The plan's name: 1–200 characters.");
/** Each feature optional; none defaulted, so an update changes only what is sent. */
const features = {
  ...subscription.partial().shape,
  listener_votes: subscription.shape.listener_votes.unwrap().optional().describe('Listener votes in an instance.'),
  abx_test: subscription.shape.abx_test.unwrap().optional().describe('The ABX test in an instance.'),
};

/** POST /admin/subscriptions: features absent take DEFAULT_SUBSCRIPTION's; pending unless `is_published: 1`. */
export const planCreate = z
  .object({
    name: planName,
    is_published: status01.default(0).describe('1 to publish it at once; 0 (the default) leaves it pending.'),
    ...features,
  })
  .strict()
  .meta({ example: { name: 'Pro', is_published: 1, ...PLAN_EXAMPLE_FEATURES } });
export type PlanCreate = z.infer<typeof planCreate>;

/** PUT /admin/subscriptions/{id}: what is sent is changed, the rest stays. */
export const planUpdate = z
  .object({
    name: planName.optional(),
    is_published: status01.optional().describe('1: published; 0: pending.'),
    ...features,
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'must hold at least one field to change',
  })
  .meta({ example: { is_published: 1, discography: { is_enable: 1 } } });
export type PlanUpdate = z.infer<typeof planUpdate>;

/** GET /admin/subscriptions: newest first; `name` matches anywhere, literally. */
export const planQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only published (true) or only pending (false) plans.'),
});
export type PlanQuery = z.infer<typeof planQuery>;
