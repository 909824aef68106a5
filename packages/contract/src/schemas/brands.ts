import { z } from 'zod';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, status01 } from './common.ts';

export const brand = z.object({
  _id: id,
  name: z.string(),
  is_published: status01,
  created_at: isoTime,
  updated_at: isoTime,
  is_deleted: z.boolean(),
});
export type Brand = z.infer<typeof brand>;

export const brandCreate = z.object({
  name: safeString().trim().min(1, { error: 'is required' }).max(200),
  is_published: status01.default(0),
});
export type BrandCreate = z.infer<typeof brandCreate>;

export const brandQuery = pageQuery.extend({
  name: filterText(200),
  is_published: queryBool.optional(),
});
export type BrandQuery = z.infer<typeof brandQuery>;

export const brandUpdate = z.object({
  name: brandCreate.shape.name.optional(),
  is_published: status01.optional(),
});
export type BrandUpdate = z.infer<typeof brandUpdate>;
