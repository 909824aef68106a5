import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useRememberedTab } from '../../components/useRememberedTab.ts';

/**
 * The tabs of a statistics screen: the one last chosen (kept per screen, `useRememberedTab`) unless it is not
 * among `items`, then `initial`; a tab not shown is unmounted.
 */
export function StatisticsTabs<K extends string>({
  keys,
  initial,
  items,
}: {
  keys: readonly K[];
  initial: K;
  items: { key: K; label: string; children: ReactNode }[];
}) {
  const [tab, setTab] = useRememberedTab<K>(keys, initial);
  return (
    <Tabs
      className="statistics__tabs"
      activeKey={items.some((i) => i.key === tab) ? tab : initial}
      onChange={(key) => setTab(key as K)}
      items={items}
      destroyOnHidden
    />
  );
}
