/**
 * What the landing pages launch (docs/api.md "Client guide and the player's public read"): the public landing
 * settings, and their query keys. Operators choose the instance in features/landing-setting, whose save invalidates
 * `landingKeys.instance(...)`.
 */
import { settingEndpoints as api, type LandingSetting } from '@atk/contract';
import { call } from '../../api/client.ts';

export const landingApi = {
  instance: (kind: LandingSetting) => call(api.publicLanding, { params: { type: kind } }, { anonymous: true }),
};

export const landingKeys = {
  all: ['widget', 'settings'] as const,
  instance: (kind: LandingSetting) => [...landingKeys.all, kind] as const,
};
