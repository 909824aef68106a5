import {
  DEFAULT_FREQUENCY_BANDS,
  DEFAULT_MOBILE_MENU,
  type FrequencyBands,
  INFO_PAGE_LABELS,
  LABEL,
  type MobileInfosContent,
  type MobileMenuContent,
} from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { contentSettingKeys, contentSettingsApi } from './api.ts';
import { FrequencyBandsTab } from './FrequencyBandsTab.tsx';
import { MenuTab } from './MenuTab.tsx';
import { RichTextTab } from './RichTextTab.tsx';
import { SettingTabsPage, useGoBack, useSettingPart } from './SettingTabsPage.tsx';

const PAGES = ['listening_tips', 'about_us', 'faq'] as const;
const TABS = [...PAGES, 'freq_graph', 'menu'] as const;
type Tab = (typeof TABS)[number];

/**
 * Widget Content (/atk/infos, spec 3 §2 "Mobile widget operator area"): what the mobile widget shows, on the same
 * tabs as the player's info pages: Listening Tips, About Us, FAQ (rich text: the `mobile_infos` record), Frequency
 * Graph (seven bands: `mobile_freq_graph`) and Menu (the entries in order: `mobile_menu`). SAVE CHANGES saves only
 * the current tab's record.
 */
export default function WidgetContentPage() {
  const infosKey = contentSettingKeys.mobile('mobile_infos');
  const bandsKey = contentSettingKeys.mobile('mobile_freq_graph');
  const menuKey = contentSettingKeys.mobile('mobile_menu');
  const infos = useQuery({ queryKey: infosKey, queryFn: () => contentSettingsApi.mobile('mobile_infos') });
  const bands = useQuery({ queryKey: bandsKey, queryFn: () => contentSettingsApi.mobile('mobile_freq_graph') });
  const menu = useQuery({ queryKey: menuKey, queryFn: () => contentSettingsApi.mobile('mobile_menu') });
  const infoPart = useSettingPart<MobileInfosContent>(infosKey, (c) =>
    contentSettingsApi.saveMobile('mobile_infos', c),
  );
  const bandsPart = useSettingPart<FrequencyBands>(bandsKey, (c) =>
    contentSettingsApi.saveMobile('mobile_freq_graph', c),
  );
  const menuPart = useSettingPart<MobileMenuContent>(menuKey, (c) => contentSettingsApi.saveMobile('mobile_menu', c));
  const back = useGoBack('instances');
  const queries = [infos, bands, menu];
  return (
    <SettingTabsPage<Tab>
      title={LABEL.widgetContent}
      subtitle="What the mobile widget shows: its info pages, the bands of its frequency graph and its menu."
      testId="widget-content"
      keys={TABS}
      loading={queries.some((q) => q.isPending)}
      error={queries.map((q) => (q.data ? null : q.error)).find((e) => e) ?? null}
      retry={() => {
        for (const q of queries) void q.refetch();
      }}
      tabs={() => [
        ...PAGES.map((page) => ({
          key: page,
          label: INFO_PAGE_LABELS[page],
          render: (binding: TabBinding) => (
            <RichTextTab
              binding={binding}
              title={INFO_PAGE_LABELS[page]}
              testId={`info-tab-${page}`}
              initial={infos.data?.content[page] ?? ''}
              save={(html) => infoPart.save(page, html)}
              saving={infoPart.saving}
              onCancel={back}
            />
          ),
        })),
        {
          key: 'freq_graph' as const,
          label: LABEL.tabFrequencyGraph,
          render: (binding) => (
            <FrequencyBandsTab
              binding={binding}
              initial={bands.data?.content ?? DEFAULT_FREQUENCY_BANDS}
              save={bandsPart.saveAll}
              saving={bandsPart.saving}
              onCancel={back}
            />
          ),
        },
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
