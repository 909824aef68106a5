/**
 * The landing page's instance (spec 2 §2 Landing page instance, §7 Settings): the stored choice, its save, and
 * the instance search of the select (up to 20 by name, spec 2 §9).
 */
import { INSTANCE_SEARCH_SIZE, type InstanceListItem, type LandingAdminSetting, type ListData } from '@atk/contract';
import { get, put } from '../../api/client.ts';

const PATH = '/admin/settings/landing_instance';

export const landingSettingApi = {
  read: () => get<LandingAdminSetting>(PATH),
  save: (id: string | null) => put<LandingAdminSetting>(PATH, { content: { instance: id ? { _id: id } : null } }),
  searchInstances: (name: string) =>
    get<ListData<InstanceListItem>>('/admin/instances', {
      query: { page_num: 1, page_size: INSTANCE_SEARCH_SIZE, is_deleted: false, name: name.trim() || undefined },
    }),
};

export const landingSettingKeys = {
  all: ['landing-setting'] as const,
  setting: () => [...landingSettingKeys.all, 'setting'] as const,
  search: (name: string) => [...landingSettingKeys.all, 'search', name] as const,
};
