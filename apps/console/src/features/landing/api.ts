/**
 * What the landing pages launch (spec 1 §3, §7): the public landing settings, and their query keys. Operators
 * choose the instance in features/landing-setting, whose save invalidates `landingKeys.instance(...)`.
 */
import type { LandingSetting, LandingSettingData } from '@atk/contract';
import { get } from '../../api/client.ts';

export const landingApi = {
  instance: (kind: LandingSetting) => get<LandingSettingData>(`/widget/settings/${kind}`, { anonymous: true }),
};

export const landingKeys = {
  all: ['widget', 'settings'] as const,
  instance: (kind: LandingSetting) => [...landingKeys.all, kind] as const,
};
