import { INFO_PAGES, type InfosContent, LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { contentSettingKeys, contentSettingsApi } from './api.ts';
import { SettingTabsPage, useGoBack, useSettingPart } from './SettingTabsPage.tsx';
import { frequencyGraphTab, infoPageTabs } from './settingTabs.tsx';

const TABS = [...INFO_PAGES, 'freq_graph'] as const;
type Tab = (typeof TABS)[number];

/**
 * Info pages (titled ATK PLAYER EDIT): what the player shows as its help and about view (Home, Listening
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
      records={[infos, bands]}
      tabs={() => [
        ...infoPageTabs(INFO_PAGES, infos.data?.content, infoPart, back),
        frequencyGraphTab(bands.data?.content, bandsPart, back),
      ]}
    />
  );
}
