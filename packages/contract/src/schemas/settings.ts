import { z } from 'zod';
import { MSG } from '../messages.ts';
import { id, safeString, storable } from './common.ts';

export const LANDING_SETTINGS = ['landing_instance', 'mobile_landing_instance'] as const;
export type LandingSetting = (typeof LANDING_SETTINGS)[number];

/** Widget landing setting (spec 1 §3): content.instance._id, null until an operator picks one. */
export const landingContent = z.object({
  instance: z.object({ _id: z.string() }).nullable(),
});
export type LandingContent = z.infer<typeof landingContent>;
export const landingSetting = z.object({ type: z.enum(LANDING_SETTINGS), content: landingContent });
/** GET /widget/settings/{type}: the instance a landing page launches. */
export type LandingSettingData = z.infer<typeof landingSetting>;
/** `/widget/settings/:type` path parameters. */
export const landingSettingParams = z.object({
  type: z.enum(LANDING_SETTINGS, { error: `must be one of ${LANDING_SETTINGS.join(', ')}` }),
});

/** The client guide (spec 3 §2 /client/guide): four tabs of markdown, edited by operators (/global/guides). */
export const GUIDE_TABS = ['content', 'players', 'audio', 'integrate'] as const;
export const GUIDE_MAX = 100_000;
const guideText = z
  .string({ error: 'must be text' })
  .refine(storable, { error: MSG.textUnstorable })
  .max(GUIDE_MAX, { error: `must be at most ${GUIDE_MAX} characters` });
export const guideContent = z.object({
  content: guideText,
  players: guideText,
  audio: guideText,
  integrate: guideText,
});
export type GuideContent = z.infer<typeof guideContent>;

/** The settings an operator reads and writes at /admin/settings/{type} (spec 2 §7). */
export const ADMIN_SETTINGS = ['guide', 'landing_instance'] as const;
export const guideSetting = z.object({ type: z.literal('guide'), content: guideContent });
/** GET /settings/guide, /admin/settings/guide. */
export type GuideSetting = z.infer<typeof guideSetting>;
/** `/admin/settings/:type` path parameters of a type not named above (answered with an error). */
export const adminSettingParams = z.object({ type: safeString().max(100) });
export const guideSettingBody = z.object({ content: guideContent });

/** PUT /admin/settings/landing_instance: the instance the landing page launches, or null for none. */
export const landingSettingBody = z.object({
  content: z.object({ instance: z.object({ _id: id }).nullable() }),
});
/** GET /admin/settings/landing_instance: the stored instance with its names (for the console's select). */
export const landingAdminSetting = z.object({
  type: z.literal('landing_instance'),
  content: z.object({
    instance: z.object({ _id: z.string(), name: z.string(), brand_name: z.string() }).nullable(),
  }),
});
export type LandingAdminSetting = z.infer<typeof landingAdminSetting>;
