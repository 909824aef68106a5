import { z } from 'zod';

export const LANDING_SETTINGS = ['landing_instance', 'mobile_landing_instance'] as const;
export type LandingSetting = (typeof LANDING_SETTINGS)[number];

/** Widget landing setting (spec 1 §3): content.instance._id, null until an operator picks one. */
export const landingContent = z.object({
  instance: z.object({ _id: z.string() }).nullable(),
});
export const landingSetting = z.object({ type: z.enum(LANDING_SETTINGS), content: landingContent });
