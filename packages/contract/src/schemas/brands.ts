import { z } from 'zod';
import { filterText, id, isoTime, pageQuery, queryBool, safeString, status01 } from './common.ts';

export const brand = z
  .object({
    _id: id.describe("The brand's id."),
    name: z.string().describe("The brand's name, unique among brands regardless of case."),
    is_published: status01.describe(
      '1: active (shown in pickers, its players play); 0: pending (a sign-up not confirmed yet, or switched off).',
    ),
    created_at: isoTime.describe('When it was created.'),
    updated_at: isoTime.describe('When it last changed.'),
    is_deleted: z.boolean().describe('Deleted brands are kept, hidden from every list that does not ask for them.'),
  })
  .meta({ example: { name: 'Demo Audio', is_published: 1 } });
export type Brand = z.infer<typeof brand>;

export const brandCreate = z
  .object({
    name: safeString()
      .trim()
      .min(1, { error: 'is required' })
      .max(200)
      .describe('The name: 1–200 characters, not used by another brand (case-insensitive).'),
    is_published: status01.default(0).describe('1 to make it active at once; 0 (the default) leaves it pending.'),
  })
  .meta({ example: { name: 'Northwind Microphones', is_published: 1 } });
export type BrandCreate = z.infer<typeof brandCreate>;

export const brandQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  is_published: queryBool.optional().describe('Only active (true) or only pending (false) brands.'),
});
export type BrandQuery = z.infer<typeof brandQuery>;

export const brandUpdate = z
  .object({
    name: brandCreate.shape.name.optional(),
    is_published: status01.optional().describe('1: active; 0: pending.'),
  })
  .meta({ example: { name: 'Northwind Audio' } });
export type BrandUpdate = z.infer<typeof brandUpdate>;
