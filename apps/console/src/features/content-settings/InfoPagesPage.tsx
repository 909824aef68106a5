import {
  DEFAULT_FREQUENCY_BANDS,
  INFO_PAGE_LABELS,
  INFO_PAGES,
  type InfoPage,
  type InfosContent,
  LABEL,
} from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { contentSettingKeys, contentSettingsApi } from './api.ts';
import { FrequencyBandsTab } from './FrequencyBandsTab.tsx';
import { RichTextTab } from './RichTextTab.tsx';
import { SettingTabsPage, useGoBack, useSettingPart } from './SettingTabsPage.tsx';

const TABS = [...INFO_PAGES, 'freq_graph'] as const;
type Tab = (typeof TABS)[number];

/**
 * Info pages (spec 2 §2, titled ATK PLAYER EDIT): what the player shows as its help and about view (Home, Listening
 * Tips, About Us, FAQ, rich text: the `infos` record) and the bands of its frequency graph (the `freq_graph`
 * record). SAVE CHANGES saves only the current tab's kind; CANCEL goes back.
 */
export default function InfoPagesPage() {
  const infos = useQuery({ queryKey: contentSettingKeys.infos, queryFn: contentSettingsApi.infos });
  const bands = useQuery({ queryKey: contentSettingKeys.bands, queryFn: contentSettingsApi.bands });
  const infoPart = useSettingPart<InfosContent>(contentSettingKeys.infos, contentSettingsApi.saveInfos);
  const bandsPart = useSettingPart(contentSettingKeys.bands, contentSettingsApi.saveBands);
  const back = useGoBack();
  return (
    <SettingTabsPage<Tab>
      title={LABEL.playerEdit}
      subtitle="What every player shows: its info pages and the bands of its frequency graph."
      testId="player-edit"
      keys={TABS}
      loading={infos.isPending || bands.isPending}
      error={(infos.data ? null : infos.error) ?? (bands.data ? null : bands.error)}
      retry={() => {
        void infos.refetch();
        void bands.refetch();
      }}
      tabs={() => [
        ...INFO_PAGES.map((page: InfoPage) => ({
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
      ]}
    />
  );
}
