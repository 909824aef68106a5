import { type KeyboardEvent, useId, useState } from 'react';
import { nextTab } from './tabs.ts';

/**
 * Which of `keys` is shown: the one chosen while it is still there, else the first. `tabId`/`panelId` give the
 * ARIA ids the strip and its panel share.
 */
export function useTabs<K extends string>(keys: readonly K[]) {
  const [chosen, choose] = useState<K | null>(null);
  const base = useId();
  const active = chosen && keys.includes(chosen) ? chosen : keys[0];
  return {
    active,
    choose,
    tabId: (k: K) => `${base}-tab-${k}`,
    panelId: (k: K) => `${base}-panel-${k}`,
  };
}

interface TabStripProps<K extends string> {
  keys: readonly K[];
  label: string;
  name: (k: K) => string;
  tabs: ReturnType<typeof useTabs<K>>;
}

/** A row of tabs (ARIA tabs pattern: one tab in the tab order, arrows wrap, Home and End move the focus too). */
export function TabStrip<K extends string>({ keys, label, name, tabs }: TabStripProps<K>) {
  const { active, choose, tabId, panelId } = tabs;
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, k: K) => {
    const next = nextTab(keys, k, e.key);
    if (!next) return;
    e.preventDefault();
    choose(next);
    (e.currentTarget.parentElement?.querySelector(`[id="${tabId(next)}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          id={tabId(k)}
          aria-selected={k === active}
          aria-controls={panelId(k)}
          tabIndex={k === active ? 0 : -1}
          className="tab"
          onClick={() => choose(k)}
          onKeyDown={(e) => onKey(e, k)}
        >
          {name(k)}
        </button>
      ))}
    </div>
  );
}
