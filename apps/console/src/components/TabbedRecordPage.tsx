import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type DirtyTab, DirtyTabs } from './DirtyTabs.tsx';
import { PageSpinner } from './PageSpinner.tsx';
import { useRememberedTab } from './useRememberedTab.ts';

/**
 * An edit page of one record in left tabs (PRODUCT EDIT, PLAYER INSTANCE EDIT, the mobile instance's edit page): the
 * link back to its list, the title with the record's name below it, and the tabs (each saving its own part). While
 * the record loads, a spinner; when it cannot be read, the 404 result with Retry.
 */
export function TabbedRecordPage<T, K extends string>({
  record,
  kind,
  title,
  back,
  name,
  keys,
  tabs,
  children,
}: {
  record: UseQueryResult<T>;
  /** What the record is ('product', 'instance'): names the page's class and its test ids ({kind}-back, {kind}-name). */
  kind: string;
  title: string;
  back: { to: string; label: string };
  name: (data: T) => string;
  keys: readonly K[];
  tabs: (data: T) => DirtyTab<K>[];
  /** Beside the tabs (e.g. a dialog the tabs open). */
  children?: ReactNode;
}) {
  const [tab, setTab] = useRememberedTab<K>(keys, keys[0]);
  const backLink = (
    <Link to={back.to} className="page__back" data-testid={`${kind}-back`}>
      <ArrowLeftOutlined /> {back.label}
    </Link>
  );
  if (record.isPending) return <PageSpinner />;
  if (!record.data) {
    return (
      <div className="page">
        {backLink}
        <Result
          status="404"
          title={title}
          subTitle={record.error?.message}
          extra={
            <Button type="primary" onClick={() => void record.refetch()}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className={`page page--wide ${kind}-edit`}>
      {backLink}
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__subtitle" data-testid={`${kind}-name`}>
          {name(record.data)}
        </p>
      </header>
      <DirtyTabs className="product-edit__tabs" tabs={tabs(record.data)} active={tab} onChange={setTab} />
      {children}
    </div>
  );
}
