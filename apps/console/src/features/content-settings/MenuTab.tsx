import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { LABEL, MOBILE_MENU, type MobileMenuContent, type MobileMenuEntry } from '@atk/contract';
import { Button, Checkbox, List } from 'antd';
import { TabFrame } from '../../components/TabFrame.tsx';
import { useTabForm } from '../../components/useTabForm.ts';
import type { SettingTabProps } from './settingTabs.tsx';

/** Moves entry `i` of `list` by `by` places (−1 up, +1 down), within the list. */
export const moveEntry = <T,>(list: readonly T[], i: number, by: -1 | 1): T[] => {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
};

/**
 * Menu (Widget Content; docs/api.md "Retailers and mobile settings"): the entries the mobile widget's menu shows, chosen among MOBILE_MENU, in order.
 * A checklist: the chosen entries first, in their order, each with up and down arrows; then the others, unticked.
 * Ticking an entry adds it at the end of the chosen ones; unticking takes it out.
 */
export function MenuTab({ binding, initial, save, saving, onCancel }: SettingTabProps<MobileMenuContent>) {
  const { value, setValue, submit } = useTabForm({ binding, initial: () => [...initial], save, saving });
  const rest = MOBILE_MENU.filter((e) => !value.includes(e));
  const rows: { entry: MobileMenuEntry; chosen: boolean; index: number }[] = [
    ...value.map((entry, index) => ({ entry, chosen: true, index })),
    ...rest.map((entry) => ({ entry, chosen: false, index: -1 })),
  ];
  return (
    <TabFrame title={LABEL.tabMenu} testId="tab-menu" onSave={() => void submit()} onCancel={onCancel} saving={saving}>
      <p className="page__subtitle">{LABEL.menuHint}</p>
      <List
        bordered
        data-testid="menu-entries"
        dataSource={rows}
        renderItem={({ entry, chosen, index }) => (
          <List.Item
            data-testid="menu-entry"
            actions={
              chosen
                ? [
                    <Button
                      key="up"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`${LABEL.moveUp} ${entry}`}
                      disabled={index === 0}
                      onClick={() => setValue((list) => moveEntry(list, index, -1))}
                    />,
                    <Button
                      key="down"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`${LABEL.moveDown} ${entry}`}
                      disabled={index === value.length - 1}
                      onClick={() => setValue((list) => moveEntry(list, index, 1))}
                    />,
                  ]
                : []
            }
          >
            <Checkbox
              checked={chosen}
              onChange={(e) =>
                setValue((list) => (e.target.checked ? [...list, entry] : list.filter((x) => x !== entry)))
              }
            >
              {entry}
            </Checkbox>
          </List.Item>
        )}
      />
    </TabFrame>
  );
}
