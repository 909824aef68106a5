/**
 * The landing pages' instances (docs/api.md "The landing page screens"): the stored choice, its save, and the
 * instance search of the select (up to 20 by name), for the desktop player's /home (landing_instance) and the
 * mobile widget's /mobile (mobile_landing_instance).
 */
import {
  settingEndpoints as api,
  INSTANCE_SEARCH_SIZE,
  instanceEndpoints,
  LABEL,
  type LandingAdminSetting,
  type MobileSettingAnswer,
} from '@atk/contract';
import type { QueryKey } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { contentSettingKeys, contentSettingsApi } from '../content-settings/api.ts';
import { landingKeys } from '../landing/api.ts';
import { mobileInstancesApi } from '../mobile-instances/api.ts';

export const landingSettingApi = {
  read: () => call(api.landingInstance),
  save: (id: string | null) =>
    call(api.saveLandingInstance, { body: { content: { instance: id ? { _id: id } : null } } }),
  searchInstances: (name: string) =>
    call(instanceEndpoints.list.admin, {
      query: { page_num: 1, page_size: INSTANCE_SEARCH_SIZE, is_deleted: false, name: name.trim() || undefined },
    }),
};

export const landingSettingKeys = {
  all: ['landing-setting'] as const,
  setting: () => [...landingSettingKeys.all, 'setting'] as const,
  search: (name: string) => [...landingSettingKeys.all, 'search', name] as const,
};

/** An instance the select offers: its id, name and status (1 Active, else Pending). */
export interface LandingOption {
  value: string;
  label: string;
  published: number;
}

/** Which landing setting the screen edits, and among which instances. */
export interface LandingSource {
  keys: { all: QueryKey; setting: () => QueryKey; search: (name: string) => QueryKey };
  read: () => Promise<LandingAdminSetting | MobileSettingAnswer<'mobile_landing_instance'>>;
  save: (id: string | null) => Promise<unknown>;
  search: (name: string) => Promise<LandingOption[]>;
  /** What else the save reloads (the public page's read of the setting). */
  invalidate: QueryKey[];
  subtitle: string;
  placeholder: string;
  /** The save button: SAVE on /global/landing, SAVE CHANGES on /atk/landing (docs/api.md "The landing page screens"). */
  saveLabel: string;
  /** The area screen CANCEL goes to when the page was opened directly. */
  home: string;
}

export const desktopLanding: LandingSource = {
  keys: landingSettingKeys,
  read: landingSettingApi.read,
  save: landingSettingApi.save,
  search: async (name) =>
    (await landingSettingApi.searchInstances(name)).list.map((i) => ({
      value: i._id,
      label: i.general.name,
      published: i.general.is_published,
    })),
  invalidate: [landingKeys.instance('landing_instance')],
  subtitle: 'The player instance that LAUNCH PLAYER opens on the public landing page.',
  placeholder: 'Search player instances by name',
  saveLabel: LABEL.save,
  home: 'brands',
};

const mobileSettingKey = contentSettingKeys.mobile('mobile_landing_instance');
export const mobileLanding: LandingSource = {
  keys: {
    all: mobileSettingKey,
    setting: () => mobileSettingKey,
    search: (name) => ['mobile-landing', 'search', name],
  },
  read: contentSettingsApi.mobileLanding,
  save: (id) => contentSettingsApi.saveMobileLanding({ instance: id ? { _id: id } : null }),
  search: async (name) =>
    (
      await mobileInstancesApi.list({ page_num: 1, page_size: INSTANCE_SEARCH_SIZE, name: name.trim() || undefined })
    ).list.map((i) => ({ value: i._id, label: i.general.name, published: i.general.is_published })),
  invalidate: [landingKeys.instance('mobile_landing_instance')],
  subtitle: 'The mobile instance the widget opens on the public /mobile page.',
  placeholder: 'Search mobile instances by name',
  saveLabel: LABEL.saveChanges,
  home: 'instances',
};
