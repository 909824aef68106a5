import { AUDIO_MAX_MB, GUIDE_TABS, LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RichText } from '../../components/RichText.tsx';
import { useRememberedTab } from '../../components/useRememberedTab.ts';
import { guideApi, guideKeys } from './api.ts';
import './guide.css';

type GuideTab = (typeof GUIDE_TABS)[number];

/** The upload limit, written by the console above whatever the operators wrote, so it is always the true one. */
const AUDIO_LIMIT_NOTE = `Each audio file may be up to ${AUDIO_MAX_MB} MB (WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg).`;

const TAB_LABEL: Record<GuideTab, string> = {
  content: LABEL.guideContent,
  players: LABEL.guidePlayers,
  audio: LABEL.guideAudio,
  integrate: LABEL.guideIntegrate,
};

/** The client guide (/client/guide; docs/api.md "Client guide and the player's public read"): the four rich-text tabs of the `guide` setting (HTML). */
export default function GuidePage() {
  const [tab, setTab] = useRememberedTab(GUIDE_TABS, 'content');
  const guide = useQuery({ queryKey: guideKeys.all, queryFn: guideApi.read, staleTime: 60_000 });

  const content = guide.data?.content;
  return (
    <div className="page guide">
      <header className="page__header">
        <h1 className="page__title">{LABEL.navGuide}</h1>
      </header>
      {guide.isPending ? (
        <PageSpinner />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as GuideTab)}
          items={GUIDE_TABS.map((key) => ({
            key,
            label: TAB_LABEL[key],
            children: (
              <>
                {key === 'audio' && (
                  <p className="guide__limit" data-testid="guide-audio-limit">
                    {AUDIO_LIMIT_NOTE}
                  </p>
                )}
                <RichText testId={`guide-${key}`} html={content?.[key] ?? ''} />
              </>
            ),
          }))}
        />
      )}
    </div>
  );
}
