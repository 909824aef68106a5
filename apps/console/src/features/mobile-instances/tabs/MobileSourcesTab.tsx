import { LABEL } from '@atk/contract';
import { useMemo } from 'react';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { normalizeSongs } from '../../instances/ordering.ts';
import { cleanSongs, SongOrderList, songNamesOf } from '../../instances/tabs/SongOrderList.tsx';
import { type MobileTabProps, useSaveMobileInstance } from '../context.ts';

/**
 * Sources (docs/api.md "Mobile instances"): the songs of the instance's active products with their
 * sources, as the desktop instance's Sources tab shows them (the same list and ordering rules), saved as
 * `{sources}`.
 */
export function MobileSourcesTab({ instance, binding }: MobileTabProps) {
  const part = useSaveMobileInstance(instance._id);
  const form = useTabForm({
    binding,
    initial: () => cleanSongs(instance.sources),
    prepare: normalizeSongs,
    save: (sources) => part.save({ sources }),
    saving: part.saving,
  });
  const names = useMemo(() => songNamesOf(instance.sources), [instance.sources]);
  return (
    <TabFrame title={LABEL.tabSources} testId="tab-sources">
      <SongOrderList testId="sources-mobile" form={form} names={names} />
    </TabFrame>
  );
}
