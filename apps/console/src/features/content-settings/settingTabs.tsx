import { DEFAULT_FREQUENCY_BANDS, type FrequencyBands, INFO_PAGE_LABELS, type InfoPage, LABEL } from '@atk/contract';
import type { DirtyTab, TabBinding } from '../../components/DirtyTabs.tsx';
import { FrequencyBandsTab } from './FrequencyBandsTab.tsx';
import { RichTextTab } from './RichTextTab.tsx';
import type { useSettingPart } from './SettingTabsPage.tsx';

type Part<T extends object> = ReturnType<typeof useSettingPart<T>>;

/** What a setting tab is given: its binding to the tabs, the stored value, the save and whether it runs, Cancel. */
export interface SettingTabProps<T> {
  binding: TabBinding;
  initial: T;
  save: (value: T) => Promise<boolean>;
  saving: boolean;
  onCancel: () => void;
}

/**
 * The tabs the desktop player's info pages (ATK PLAYER EDIT) and the mobile widget's content (Widget Content) share:
 * one rich-text tab per info page of a record, and the frequency graph's seven bands.
 */
export function infoPageTabs<P extends InfoPage>(
  pages: readonly P[],
  content: Record<P, string> | undefined,
  part: Part<Record<P, string>>,
  back: () => void,
): DirtyTab<P>[] {
  return pages.map((page) => ({
    key: page,
    label: INFO_PAGE_LABELS[page],
    render: (binding: TabBinding) => (
      <RichTextTab
        binding={binding}
        title={INFO_PAGE_LABELS[page]}
        testId={`info-tab-${page}`}
        initial={content?.[page] ?? ''}
        save={(html) => part.save(page, html)}
        saving={part.saving}
        onCancel={back}
      />
    ),
  }));
}

export function frequencyGraphTab(
  content: FrequencyBands | undefined,
  part: Part<FrequencyBands>,
  back: () => void,
): DirtyTab<'freq_graph'> {
  return {
    key: 'freq_graph',
    label: LABEL.tabFrequencyGraph,
    render: (binding) => (
      <FrequencyBandsTab
        binding={binding}
        initial={content ?? DEFAULT_FREQUENCY_BANDS}
        save={part.saveAll}
        saving={part.saving}
        onCancel={back}
      />
    ),
  };
}
