import { z } from 'zod';
import { TOOLTIP_CONTENT_MAX, TOOLTIP_FEATURES } from '../constants.ts';
import { filterText, id, isoTime, pageQuery, safeString, says } from './common.ts';

/**
 * Tooltips of the player's features (/admin/tooltips; docs/api.md "The player's public API"). Feature codes:
 * TOOLTIP_FEATURES.
 */

const feature = z
  .number(says('must be a number'))
  .int({ error: 'must be a whole number' })
  .min(0, { error: `must be 0 to ${TOOLTIP_FEATURES.length - 1}` })
  .max(TOOLTIP_FEATURES.length - 1, { error: `must be 0 to ${TOOLTIP_FEATURES.length - 1}` });
/** The feature codes in words, for the descriptions. */
const FEATURE_CODES = TOOLTIP_FEATURES.map((name, code) => `${code} ${name}`).join(', ');
const content = safeString()
  .trim()
  .min(1, { error: 'is required' })
  .max(TOOLTIP_CONTENT_MAX, { error: `must be at most ${TOOLTIP_CONTENT_MAX} characters` })
  .describe(`The text the player shows: 1–${TOOLTIP_CONTENT_MAX} characters, trimmed.`);

export const tooltip = z
  .object({
    _id: id.describe("The tooltip's id."),
    feature: z.number().int().describe(`The player feature it explains: ${FEATURE_CODES}.`),
    content: z.string().describe('The text the player shows.'),
    created_at: isoTime.describe('When it was created.'),
    updated_at: isoTime.describe('When it last changed.'),
  })
  .meta({ example: { feature: 1, content: 'Hide the product names and guess which one you prefer.' } });
export type Tooltip = z.infer<typeof tooltip>;

export const tooltipCreate = z
  .object({ feature: feature.describe(`The player feature it explains: ${FEATURE_CODES}.`), content })
  .meta({ example: { feature: 1, content: 'Hide the product names and guess which one you prefer.' } });
export type TooltipCreate = z.infer<typeof tooltipCreate>;
/** What a save may change; absent fields stay as they are. */
export const tooltipUpdate = z
  .object({
    feature: feature.optional().describe(`The player feature it explains: ${FEATURE_CODES}.`),
    content: content.optional(),
  })
  .meta({ example: { content: 'Pick the products to compare, then switch between them.' } });
export type TooltipUpdate = z.infer<typeof tooltipUpdate>;

export const tooltipQuery = pageQuery.extend({
  /** Matches anywhere in the content, case-insensitive. */
  content: filterText(200).describe('Part of the content, any case.'),
  /** An empty value (a cleared filter) is no filter. */
  feature: z
    .preprocess((v) => (v === '' ? undefined : v), z.coerce.number(says('must be a number')).pipe(feature).optional())
    .describe(`Only the tooltips of this feature code: ${FEATURE_CODES}; empty for all.`),
});
export type TooltipQuery = z.infer<typeof tooltipQuery>;
