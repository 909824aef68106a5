import { MSG } from '@atk/contract';
import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { type DirtyTab, DirtyTabs } from '../../components/DirtyTabs.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { useRememberedTab } from '../../components/useRememberedTab.ts';

/**
 * A settings screen of left tabs (GUIDE EDIT, ATK PLAYER EDIT): each tab edits one part of a settings record
 * and SAVE CHANGES saves that record only (docs/architecture.md "One way to write a console screen", Settings screens); a tab
 * with unsaved changes is marked and asks before it is left, as on PRODUCT EDIT.
 */
export function SettingTabsPage<K extends string>({
  title,
  subtitle,
  testId,
  keys,
  tabs,
  records,
}: {
  title: string;
  subtitle: ReactNode;
  testId: string;
  keys: readonly K[];
  tabs: () => DirtyTab<K>[];
  /** The settings records the tabs edit: the tabs show once all have loaded; a failed load shows with Retry. */
  records: readonly UseQueryResult[];
}) {
  const [tab, setTab] = useRememberedTab<K>(keys, keys[0]);
  const loading = records.some((r) => r.isPending);
  const error = records.map((r) => (r.data ? null : r.error)).find((e) => e) ?? null;
  const retry = () => {
    for (const r of records) void r.refetch();
  };
  return (
    <div className="page page--wide product-edit" data-testid={testId}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__subtitle">{subtitle}</p>
      </header>
      {loading ? (
        <PageSpinner />
      ) : error ? (
        <Result
          status="warning"
          title={title}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={retry}>
              Retry
            </Button>
          }
        />
      ) : (
        <DirtyTabs className="product-edit__tabs" tabs={tabs()} active={tab} onChange={setTab} />
      )}
    </div>
  );
}

/** CANCEL: back where the operator came from; a page opened directly goes to the area's `home` screen. */
export function useGoBack(home = 'brands'): () => void {
  const navigate = useNavigate();
  const base = useAreaBase();
  return () => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(`${base}/${home}`);
  };
}

/**
 * Saves one part of a settings record: the record as last saved (the cached answer) with that part replaced, so
 * the other tabs' parts stay as they were. The answer becomes the cached record at once.
 */
export function useSettingPart<T extends object>(key: QueryKey, save: (content: T) => Promise<{ content: T }>) {
  const queryClient = useQueryClient();
  const saving = useSave({
    save,
    success: MSG.updateSuccess,
    invalidate: [key],
    onSaved: (data) => queryClient.setQueryData(key, data),
  });
  return {
    saving: saving.isPending,
    /** Resolves true once saved; false (after the server's msg as a toast) when refused. */
    save: async <P extends keyof T>(part: P, value: T[P]): Promise<boolean> => {
      const current = queryClient.getQueryData<{ content: T }>(key)?.content;
      if (!current) return false;
      await saving.mutateAsync({ ...current, [part]: value } as T);
      return true;
    },
    /** The whole record (a tab that edits all of it). */
    saveAll: async (content: T): Promise<boolean> => {
      await saving.mutateAsync(content);
      return true;
    },
  };
}
