/** The client guide (docs/api.md "Client guide and the player's public read"): four rich-text tabs, and its query key. */
import { settingEndpoints as api } from '@atk/contract';
import { call } from '../../api/client.ts';

export const guideApi = {
  read: () => call(api.guide.own),
};

export const guideKeys = {
  all: ['settings', 'guide'] as const,
};
