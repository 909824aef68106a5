import {
  DEFAULT_MOBILE_MENU,
  type FrequencyBands,
  LABEL,
  type MobileInfosContent,
  type MobileMenuContent,
} from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { contentSettingKeys, contentSettingsApi } from './api.ts';
import { MenuTab } from './MenuTab.tsx';
import { SettingTabsPage, useGoBack, useSettingPart } from './SettingTabsPage.tsx';
import { frequencyGraphTab, infoPageTabs } from './settingTabs.tsx';

const PAGES = ['listening_tips', 'about_us', 'faq'] as const;
const TABS = [...PAGES, 'freq_graph', 'menu'] as const;
type Tab = (typeof TABS)[number];

/**
 * Widget Content (/atk/infos): what the mobile widget shows, on the same
 * tabs as the player's info pages: Listening Tips, About Us, FAQ (rich text: the `mobile_infos` record), Frequency
 * Graph (seven bands: `mobile_freq_graph`) and Menu (the entries in order: `mobile_menu`). SAVE CHANGES saves only
 * the current tab's record.
 */
export default function WidgetContentPage() {
  const infosKey = contentSettingKeys.mobile('mobile_infos');
  const bandsKey = contentSettingKeys.mobile('mobile_freq_graph');
  const menuKey = contentSettingKeys.mobile('mobile_menu');
  const infos = useQuery({ queryKey: infosKey, queryFn: contentSettingsApi.mobileInfos });
  const bands = useQuery({ queryKey: bandsKey, queryFn: contentSettingsApi.mobileBands });
  const menu = useQuery({ queryKey: menuKey, queryFn: contentSettingsApi.mobileMenu });
  const infoPart = useSettingPart<MobileInfosContent>(infosKey, contentSettingsApi.saveMobileInfos);
  const bandsPart = useSettingPart<FrequencyBands>(bandsKey, contentSettingsApi.saveMobileBands);
  const menuPart = useSettingPart<MobileMenuContent>(menuKey, contentSettingsApi.saveMobileMenu);
  const back = useGoBack('instances');
  return (
    <SettingTabsPage<Tab>
      title={LABEL.widgetContent}
      subtitle="What the mobile widget shows: its info pages, the bands of its frequency graph and its menu."
      testId="widget-content"
      keys={TABS}
      records={[infos, bands, menu]}
      tabs={() => [
        ...infoPageTabs(PAGES, infos.data?.content, infoPart, back),
        frequencyGraphTab(bands.data?.content, bandsPart, back),
        {
          key: 'menu' as const,
          label: LABEL.tabMenu,
          render: (binding) => (
            <MenuTab
              binding={binding}
              initial={menu.data?.content ?? DEFAULT_MOBILE_MENU}
              save={menuPart.saveAll}
              saving={menuPart.saving}
              onCancel={back}
            />
          ),
        },
      ]}
    />
  );
}
