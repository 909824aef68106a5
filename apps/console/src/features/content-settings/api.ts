/**
 * The content settings operators write (docs/api.md "Client guide and the player's public read", "Retailers and
 * mobile settings"): the client guide, the player's info pages and its frequency bands, and the mobile widget's.
 * Each is one record, read and saved whole.
 */
import {
  settingEndpoints as api,
  type FrequencyBandsInput,
  type GuideContent,
  type InfosContent,
  type MobileSetting,
  type MobileSettingBody,
} from '@atk/contract';
import { call } from '../../api/client.ts';
import { guideKeys } from '../guide/api.ts';

type MobileContent<T extends MobileSetting> = MobileSettingBody<T>['content'];

export const contentSettingsApi = {
  guide: () => call(api.guide.admin),
  saveGuide: (content: GuideContent) => call(api.saveGuide, { body: { content } }),
  infos: () => call(api.infos),
  saveInfos: (content: InfosContent) => call(api.saveInfos, { body: { content } }),
  bands: () => call(api.bands),
  saveBands: (content: FrequencyBandsInput) => call(api.saveBands, { body: { content } }),
  /** The mobile widget's records (docs/api.md "Retailers and mobile settings"): the atk operator's Widget Content. */
  mobileInfos: () => call(api.mobileInfos),
  saveMobileInfos: (content: MobileContent<'mobile_infos'>) => call(api.saveMobileInfos, { body: { content } }),
  mobileBands: () => call(api.mobileBands),
  saveMobileBands: (content: MobileContent<'mobile_freq_graph'>) => call(api.saveMobileBands, { body: { content } }),
  mobileMenu: () => call(api.mobileMenu),
  saveMobileMenu: (content: MobileContent<'mobile_menu'>) => call(api.saveMobileMenu, { body: { content } }),
  mobileLanding: () => call(api.mobileLanding),
  saveMobileLanding: (content: MobileContent<'mobile_landing_instance'>) =>
    call(api.saveMobileLanding, { body: { content } }),
};

export const contentSettingKeys = {
  /** The operator's read of the guide, beside the client's (`guideKeys.all` is its prefix). */
  guide: [...guideKeys.all, 'admin'] as const,
  infos: ['settings', 'infos'] as const,
  bands: ['settings', 'freq_graph'] as const,
  mobile: (type: MobileSetting) => ['settings', type] as const,
};
