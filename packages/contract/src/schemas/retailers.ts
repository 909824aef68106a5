import { z } from 'zod';
import { RETAILER_STATUSES } from '../constants.ts';
import { filterText, httpUrl, isoTime, pageQuery, safeString } from './common.ts';

/**
 * The retailers of the mobile widget's DEALS, kept by the atk operator (docs/api.md "Retailers and mobile settings").
 */

export const retailerStatus = z.enum(RETAILER_STATUSES, { error: "must be '1' (Active) or '0' (Inactive)" });
export const retailerImage = z
  .object({
    url: httpUrl(2000).describe("The logo's address: the storage's public URL of `key`."),
    key: safeString()
      .max(500)
      .describe("The logo's storage key, one of this retailer's: `images/origin/retailers/{id}_{timestamp}.{ext}`."),
    createdAt: safeString().max(40).describe('When the logo was uploaded (ISO time, as the console stamps it).'),
  })
  .describe("The retailer's logo, uploaded through the signed upload first; null clears it, left out keeps it.");
export const retailer = z
  .object({
    _id: z.string().describe("The retailer's id."),
    name: z.string().describe("The retailer's name; empty for a new one not saved yet."),
    status: retailerStatus.describe("'1': Active (offered by the mobile player's DEALS); '0': Inactive."),
    retailer_image: z
      .object({
        url: z.string().describe("The logo's address."),
        key: z.string().describe("The logo's storage key."),
        createdAt: z.string().describe('When the logo was uploaded.'),
      })
      .nullable()
      .describe('The logo; null when none.'),
    /** The shop's address (beyond the spec): DEALS links to it. */
    website: z.string().nullable().describe("The shop's address, which DEALS links to; null when none."),
    created_at: isoTime.describe('When it was created.'),
    updated_at: isoTime.describe('When it last changed.'),
  })
  .meta({
    example: {
      name: 'Sweetwater',
      status: '1',
      retailer_image: null,
      website: 'https://www.sweetwater.example',
    },
  });
export type Retailer = z.infer<typeof retailer>;
/** POST /admin/retailers: "Add" sends no fields, an empty object (or no body) only. */
export const retailerCreate = z.object({}).strict().optional().describe('No fields: an empty object, or no body.');
export type RetailerCreate = z.infer<typeof retailerCreate>;
/** PUT /admin/retailers/{id}. A new retailer (POST, empty body) is Inactive with an empty name until saved. */
export const retailerBody = z
  .object({
    name: safeString()
      .trim()
      .min(1, { error: 'is required' })
      .max(200, { error: 'must be at most 200 characters' })
      .describe('The name: 1–200 characters, trimmed.'),
    status: retailerStatus.describe("'1': Active; '0': Inactive."),
    retailer_image: retailerImage.nullable().optional(),
    website: httpUrl(2000)
      .nullable()
      .optional()
      .describe("The shop's address (http or https); null clears it, left out keeps it."),
  })
  .meta({
    example: {
      name: 'Sweetwater',
      status: '1',
      retailer_image: {
        url: 'https://files.example/images/origin/retailers/6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f_1764200000000.png',
        key: 'images/origin/retailers/6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f_1764200000000.png',
        createdAt: '2026-11-27T00:00:00.000Z',
      },
      website: 'https://www.sweetwater.example',
    },
  });
export type RetailerBody = z.infer<typeof retailerBody>;
export const retailerQuery = pageQuery.extend({
  name: filterText(200).describe('Part of the name, any case.'),
  status: retailerStatus.optional().describe("Only Active ('1') or only Inactive ('0') retailers."),
});
export type RetailerQuery = z.infer<typeof retailerQuery>;
