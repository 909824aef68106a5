/**
 * The content settings operators write (spec 2 §2 Guide edit, Info pages; §7 Settings): the client guide, the
 * player's info pages and its frequency bands. Each is one record, read and saved whole.
 */
import type {
  FreqGraphSetting,
  FrequencyBands,
  GuideContent,
  GuideSetting,
  InfosContent,
  InfosSetting,
  MobileSetting,
  MobileSettingAnswer,
} from '@atk/contract';
import { get, put } from '../../api/client.ts';
import { guideKeys } from '../guide/api.ts';

export const contentSettingsApi = {
  guide: () => get<GuideSetting>('/admin/settings/guide'),
  saveGuide: (content: GuideContent) => put<GuideSetting>('/admin/settings/guide', { content }),
  infos: () => get<InfosSetting>('/admin/settings/infos'),
  saveInfos: (content: InfosContent) => put<InfosSetting>('/admin/settings/infos', { content }),
  bands: () => get<FreqGraphSetting>('/admin/settings/freq_graph'),
  saveBands: (content: FrequencyBands) => put<FreqGraphSetting>('/admin/settings/freq_graph', { content }),
  /** The mobile widget's records (spec 3 §7 "Mobile operator"), by type: the atk operator's Widget Content. */
  mobile: <T extends MobileSetting>(type: T) => get<MobileSettingAnswer<T>>(`/admin/settings/${type}`),
  saveMobile: <T extends MobileSetting>(type: T, content: MobileSettingAnswer<T>['content']) =>
    put<MobileSettingAnswer<T>>(`/admin/settings/${type}`, { content }),
};

export const contentSettingKeys = {
  /** The operator's read of the guide, beside the client's (`guideKeys.all` is its prefix). */
  guide: [...guideKeys.all, 'admin'] as const,
  infos: ['settings', 'infos'] as const,
  bands: ['settings', 'freq_graph'] as const,
  mobile: (type: MobileSetting) => ['settings', type] as const,
};
