import { API_BASE } from '../constants.ts';
import { ADMINS, endpoint, removal } from '../endpoint.ts';
import { listOf } from '../envelope.ts';
import { MSG } from '../messages.ts';
import { idParams } from '../schemas/common.ts';
import { plan, planCreate, planQuery, planUpdate } from '../schemas/plans.ts';

const tag = 'plans';
const all = `${API_BASE}/admin/subscriptions`;
const one = `${all}/:id`;

/** The subscription plans, templates of a customer's subscription (docs/api.md "Customers and plans"). */
export const planEndpoints = {
  list: endpoint({
    method: 'GET',
    path: all,
    auth: ADMINS,
    query: planQuery,
    data: listOf(plan),
    tag,
    summary: 'List plans',
    description:
      'Plans, newest first, 20 a page, filtered by name (part of it, any case, `%` and `_` literally) and state; deleted ones only when `is_deleted=true` is asked. Each counts the customers, not deleted, whose last chosen plan it is.',
  }),
  create: endpoint({
    method: 'POST',
    path: all,
    auth: ADMINS,
    body: planCreate,
    data: plan,
    tag,
    summary: 'Create a plan',
    description: `Creates a plan; a feature left out takes the default plan's value (Listening Guide and Images, 5 products, 3 ATK songs), and it stays pending unless \`is_published: 1\` is sent. An unknown field is refused (400). The answer is the new plan, with msg '${MSG.createPlanSuccess}'.`,
  }),
  read: endpoint({
    method: 'GET',
    path: one,
    auth: ADMINS,
    params: idParams,
    data: plan,
    tag,
    summary: 'Read a plan',
    description: `One plan; an unknown or deleted one is 404 '${MSG.planNotFound}'.`,
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    auth: ADMINS,
    params: idParams,
    body: planUpdate,
    data: plan,
    tag,
    summary: 'Change a plan',
    description: `Changes what is sent (each feature object replaced whole) and keeps the rest; an empty body or an unknown field is refused (400). Customers who chose the plan keep the subscription they were given: a plan is a template. The answer is the plan as saved, with msg '${MSG.updatePlanSuccess}'; an unknown or deleted plan is 404 '${MSG.planNotFound}'.`,
  }),
  remove: endpoint({
    ...removal(one),
    auth: ADMINS,
    tag,
    summary: 'Delete a plan',
    description: `Deletes it (kept, marked deleted: 404 '${MSG.planNotFound}' from then on, and it can no longer be chosen); customers keep their subscription and \`plan_id\`. msg '${MSG.deleteSuccess}'.`,
  }),
};
