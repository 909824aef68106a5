/** The client guide (spec 3 §7 Guide): four rich-text tabs, and its query key. */
import type { GuideSetting } from '@atk/contract';
import { get } from '../../api/client.ts';

export const guideApi = {
  read: () => get<GuideSetting>('/settings/guide'),
};

export const guideKeys = {
  all: ['settings', 'guide'] as const,
};
