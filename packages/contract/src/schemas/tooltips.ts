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
const content = safeString()
  .trim()
  .min(1, { error: 'is required' })
  .max(TOOLTIP_CONTENT_MAX, { error: `must be at most ${TOOLTIP_CONTENT_MAX} characters` });

export const tooltip = z.object({
  _id: id,
  feature: z.number().int(),
  content: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Tooltip = z.infer<typeof tooltip>;

export const tooltipCreate = z.object({ feature, content });
export type TooltipCreate = z.infer<typeof tooltipCreate>;
/** What a save may change; absent fields stay as they are. */
export const tooltipUpdate = z.object({ feature: feature.optional(), content: content.optional() });
export type TooltipUpdate = z.infer<typeof tooltipUpdate>;

export const tooltipQuery = pageQuery.extend({
  /** Matches anywhere in the content, case-insensitive. */
  content: filterText(200),
  /** An empty value (a cleared filter) is no filter. */
  feature: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number(says('must be a number')).pipe(feature).optional(),
  ),
});
export type TooltipQuery = z.infer<typeof tooltipQuery>;
