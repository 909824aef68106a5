import { LABEL, MSG } from '@atk/contract';
import { Button, Grid, Modal, Tabs } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

/** What a tab tells its container: whether it holds unsaved changes, and how to save them. */
export interface TabBinding {
  setDirty: (dirty: boolean) => void;
  /** The tab's save; resolves true when saved (the prompt then goes on). */
  setSave: (save: (() => Promise<boolean>) | null) => void;
  /** Marks the tab as holding fields to correct (a refused save), until a save goes through. */
  setInvalid?: (invalid: boolean) => void;
}

export interface DirtyTab<K extends string> {
  key: K;
  label: string;
  render: (binding: TabBinding) => ReactNode;
}

/**
 * Registers a tab's unsaved state and its save with the container. `dirty` is recomputed by the tab; `save`
 * may change on every render (the latest one is called). A null binding registers nothing. Tabs use it through
 * `useTabForm`.
 */
export function useTabBinding(binding: TabBinding | null, dirty: boolean, save: () => Promise<boolean>): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => binding?.setDirty(dirty), [binding, dirty]);
  useEffect(() => {
    if (!binding) return;
    binding.setSave(() => latest.current());
    return () => {
      binding.setSave(null);
      binding.setDirty(false);
      binding.setInvalid?.(false);
    };
  }, [binding]);
}

/**
 * Left (vertical) tabs whose panes track unsaved changes: a dirty tab shows a marker;
 * leaving it asks 'Save changes before moving on?' with SAVE CHANGES (save, then switch) and CANCEL (discard,
 * then switch). Closing the prompt stays on the tab. A tab whose save was refused shows a red '!' beside its name. Only the active pane is mounted, so a discarded pane
 * starts again from the saved data when it is opened next. Leaving the page asks the same inside the console;
 * closing or reloading the browser tab gets the browser's own warning. Below 768 px the tabs go on top, so the
 * pane keeps the screen's width.
 */
export function DirtyTabs<K extends string>({
  tabs,
  active,
  onChange,
  className,
}: {
  tabs: DirtyTab<K>[];
  active: K;
  onChange: (key: K) => void;
  className?: string;
}) {
  const [dirty, setDirty] = useState<Partial<Record<K, boolean>>>({});
  const [invalid, setInvalid] = useState<Partial<Record<K, boolean>>>({});
  const saves = useRef<Partial<Record<K, () => Promise<boolean>>>>({});
  const [pending, setPending] = useState<K | null>(null);
  const [saving, setSaving] = useState(false);
  // unknown before the first measure: the desktop layout (the measure lands before the first paint)
  const narrow = Grid.useBreakpoint().md === false;

  const keys = tabs.map((t) => t.key).join('|');
  // one stable binding per tab, so the panes' effects do not re-run on every render
  const bindings = useMemo(() => {
    const out = {} as Record<K, TabBinding>;
    for (const key of keys.split('|') as K[]) {
      out[key] = {
        setDirty: (d) => setDirty((m) => (Boolean(m[key]) === d ? m : { ...m, [key]: d })),
        setSave: (fn) => {
          if (fn) saves.current[key] = fn;
          else delete saves.current[key];
        },
        setInvalid: (bad) => setInvalid((m) => (Boolean(m[key]) === bad ? m : { ...m, [key]: bad })),
      };
    }
    return out;
  }, [keys]);

  const anyDirty = Boolean(dirty[active]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const leavingPage = blocker.state === 'blocked';
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  const switchTo = useCallback(
    (key: K) => {
      if (key === active) return;
      if (dirty[active]) setPending(key);
      else onChange(key);
    },
    [active, dirty, onChange],
  );

  const go = () => {
    bindings[active].setDirty(false);
    if (leavingPage) blocker.proceed();
    else if (pending !== null) {
      setPending(null);
      onChange(pending);
    }
  };
  const stay = () => {
    if (leavingPage) blocker.reset();
    setPending(null);
  };
  const saveThenGo = async () => {
    const save = saves.current[active];
    setSaving(true);
    try {
      if (save && !(await save())) return;
      go();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Tabs
        className={className}
        tabPlacement={narrow ? 'top' : 'start'}
        activeKey={active}
        onChange={(key) => switchTo(key as K)}
        destroyOnHidden
        items={tabs.map((t) => ({
          key: t.key,
          label: (
            <span className="dirty-tabs__label">
              {t.label}
              {invalid[t.key] && (
                <span
                  className="dirty-tabs__invalid"
                  data-testid={`invalid-${t.key}`}
                  role="img"
                  aria-label="has errors"
                >
                  !
                </span>
              )}
              {dirty[t.key] && (
                <span className="dirty-tabs__marker" data-testid={`dirty-${t.key}`} title="Unsaved changes" aria-hidden>
                  •
                </span>
              )}
            </span>
          ),
          children: t.key === active ? t.render(bindings[t.key]) : null,
        }))}
      />
      <Modal
        open={pending !== null || leavingPage}
        title={MSG.saveBeforeMoving}
        onCancel={stay}
        maskClosable={false}
        width={460}
        footer={[
          <Button key="cancel" onClick={go} disabled={saving}>
            {LABEL.cancel}
          </Button>,
          <Button key="save" type="primary" loading={saving} onClick={() => void saveThenGo()}>
            {LABEL.saveChanges}
          </Button>,
        ]}
      >
        <p>The changes on this tab have not been saved yet.</p>
      </Modal>
    </>
  );
}
