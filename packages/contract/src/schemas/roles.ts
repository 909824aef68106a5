import { z } from 'zod';

/** An item of GET /admin/roles. */
export const roleItem = z.object({
  _id: z.string().describe("The role's id (the customer list filters by it: `role_id`)."),
  name: z.string().describe("The role's name: global_admin, super_admin, customer or atk."),
});
export type RoleItem = z.infer<typeof roleItem>;
