import { GUIDE_TABS, type GuideContent, LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { contentSettingKeys, contentSettingsApi } from './api.ts';
import { RichTextTab } from './RichTextTab.tsx';
import { SettingTabsPage, useGoBack, useSettingPart } from './SettingTabsPage.tsx';

type GuideTab = (typeof GUIDE_TABS)[number];

export const GUIDE_TAB_LABEL: Record<GuideTab, string> = {
  content: LABEL.guideContent,
  players: LABEL.guidePlayers,
  audio: LABEL.guideAudio,
  integrate: LABEL.guideIntegrate,
};

/**
 * Guide edit (/global/guides): the client guide customers read at /client/guide, one rich-text editor
 * per tab (Content, Players, Audio, Integrate); SAVE CHANGES saves the guide with this tab's text, CANCEL goes back.
 */
export default function GuideEditPage() {
  const guide = useQuery({ queryKey: contentSettingKeys.guide, queryFn: contentSettingsApi.guide });
  const part = useSettingPart<GuideContent>(contentSettingKeys.guide, contentSettingsApi.saveGuide);
  const back = useGoBack();
  return (
    <SettingTabsPage<GuideTab>
      title={LABEL.guideEdit}
      subtitle="The guide your customers read under Guide in their console."
      testId="guide-edit"
      keys={GUIDE_TABS}
      records={[guide]}
      tabs={() =>
        GUIDE_TABS.map((key) => ({
          key,
          label: GUIDE_TAB_LABEL[key],
          render: (binding) => (
            <RichTextTab
              binding={binding}
              title={GUIDE_TAB_LABEL[key]}
              testId={`guide-tab-${key}`}
              initial={guide.data?.content[key] ?? ''}
              save={(html) => part.save(key, html)}
              saving={part.saving}
              onCancel={back}
            />
          ),
        }))
      }
    />
  );
}
