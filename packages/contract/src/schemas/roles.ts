import { z } from 'zod';

/** An item of GET /admin/roles. */
export const roleItem = z.object({ _id: z.string(), name: z.string() });
export type RoleItem = z.infer<typeof roleItem>;
