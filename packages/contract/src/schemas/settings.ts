import { z } from 'zod';

export const LANDING_SETTINGS = ['landing_instance', 'mobile_landing_instance'] as const;
export type LandingSetting = (typeof LANDING_SETTINGS)[number];

/** Widget landing setting (spec 1 §3): content.instance._id, null until an operator picks one. */
export const landingContent = z.object({
  instance: z.object({ _id: z.string() }).nullable(),
});
export const landingSetting = z.object({ type: z.enum(LANDING_SETTINGS), content: landingContent });

/** The client guide (spec 3 §2 /client/guide): four tabs of markdown, edited by operators (/global/guides). */
export const GUIDE_TABS = ['content', 'players', 'audio', 'integrate'] as const;
export const GUIDE_MAX = 100_000;
const guideText = z
  .string({ error: 'must be text' })
  .max(GUIDE_MAX, { error: `must be at most ${GUIDE_MAX} characters` });
export const guideContent = z.object({
  content: guideText,
  players: guideText,
  audio: guideText,
  integrate: guideText,
});
export type GuideContent = z.infer<typeof guideContent>;
