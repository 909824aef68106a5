import { SyncOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { Button, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useSave } from '../../../api/useSave.ts';
import { useTabBinding } from '../../../components/DirtyTabs.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { instancesApi } from '../api.ts';
import { type TabProps, useReloadInstance, useSaveInstance } from '../context.ts';
import { normalizeSongs } from '../ordering.ts';
import { cleanSongs, SongOrderList, songNamesOf } from './SongOrderList.tsx';

type Part = 'sources' | 'my_sources';

/** `BY {master brand name}`. */
export const sourcesByBrand = (brandName: string) => `BY ${brandName.toUpperCase()}`;

/**
 * Sources: 'BY PRODUCT' (sources) and 'BY {master brand}' (my_sources), each a
 * `SongOrderList`. Each part is saved on its own. The second tab synchronises the products' songs.
 */
export function SourcesTab({ instance, scope, binding, permission }: TabProps) {
  const [part, setPart] = useState<Part>('sources');
  const { save, saving, refused } = useSaveInstance(scope, instance._id, permission);
  const reload = useReloadInstance(scope, instance._id);
  // each part is saved on its own: one saved state per part, one save of both for the leave prompt
  const forms = {
    sources: useTabForm({
      binding: null,
      initial: () => cleanSongs(instance.sources),
      prepare: normalizeSongs,
      save: (sent) => save({ sources: sent }),
      saving,
    }),
    my_sources: useTabForm({
      binding: null,
      initial: () => cleanSongs(instance.my_sources),
      prepare: normalizeSongs,
      save: (sent) => save({ my_sources: sent }),
      saving,
    }),
  };
  const changed = (p: Part) => forms[p].dirty;
  const saveAll = async () => {
    for (const p of ['sources', 'my_sources'] as const) if (changed(p) && !(await forms[p].submit())) return false;
    return true;
  };
  useTabBinding(binding, changed('sources') || changed('my_sources'), saveAll);

  const sync = useSave({
    save: () => instancesApi.syncSongs(scope.admin, instance._id),
    success: MSG.synchronizeSuccess,
    onError: (e) => refused(e),
    onSaved: () =>
      reload().then(
        (fresh) => forms.my_sources.markSaved(cleanSongs(fresh.my_sources)),
        (e) => refused(e),
      ),
  });

  const names = useMemo(
    () => songNamesOf([...instance.sources, ...instance.my_sources]),
    [instance.sources, instance.my_sources],
  );

  const songList = (p: Part) => (
    <SongOrderList
      testId={`sources-${p}`}
      form={forms[p]}
      names={names}
      actions={
        p === 'my_sources' && (
          <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate()}>
            {LABEL.synchronizeProductsSongs}
          </Button>
        )
      }
    />
  );

  return (
    <TabFrame title={LABEL.tabSources} testId="tab-sources">
      <Tabs
        activeKey={part}
        onChange={(k) => setPart(k as Part)}
        type="card"
        items={[
          { key: 'sources', label: LABEL.sourcesByProduct, children: songList('sources') },
          { key: 'my_sources', label: sourcesByBrand(instance.general.brand_name), children: songList('my_sources') },
        ]}
      />
    </TabFrame>
  );
}
