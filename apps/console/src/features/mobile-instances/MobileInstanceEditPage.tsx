import { ArrowLeftOutlined } from '@ant-design/icons';
import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Link, useParams } from 'react-router';
import { useRememberedTab } from '../../app/useRememberedTab.ts';
import { type DirtyTab, DirtyTabs } from '../../components/DirtyTabs.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { mobileInstanceKeys, mobileInstancesApi } from './api.ts';
import { MobileGeneralTab } from './tabs/MobileGeneralTab.tsx';
import { MobileImagesTab } from './tabs/MobileImagesTab.tsx';
import { MobileProductsTab } from './tabs/MobileProductsTab.tsx';
import { MobileSourcesTab } from './tabs/MobileSourcesTab.tsx';

const TABS = ['general', 'products', 'sources', 'images'] as const;
type TabKey = (typeof TABS)[number];

/**
 * A mobile instance's edit page (spec 3 §2 "Mobile widget operator area"): the instance of the route's id with its
 * name as subtitle and the left tabs General, Products, Sources, Images; each saves its own part.
 */
export default function MobileInstanceEditPage() {
  const { id = '' } = useParams();
  const [tab, setTab] = useRememberedTab<TabKey>(TABS, 'general');
  const instance = useQuery({ queryKey: mobileInstanceKeys.one(id), queryFn: () => mobileInstancesApi.read(id) });

  const back = (
    <Link to="/atk/instances" className="page__back" data-testid="instance-back">
      <ArrowLeftOutlined /> {LABEL.navInstances}
    </Link>
  );
  if (instance.isPending) return <PageSpinner />;
  if (!instance.data) {
    return (
      <div className="page">
        {back}
        <Result
          status="404"
          title={LABEL.mobileInstanceEdit}
          subTitle={instance.error?.message}
          extra={
            <Button type="primary" onClick={() => void instance.refetch()}>
              Retry
            </Button>
          }
        />
      </div>
    );
  }
  const data = instance.data;
  const tabs: DirtyTab<TabKey>[] = [
    { key: 'general', label: LABEL.tabGeneral, render: (b) => <MobileGeneralTab instance={data} binding={b} /> },
    { key: 'products', label: LABEL.tabProducts, render: (b) => <MobileProductsTab instance={data} binding={b} /> },
    { key: 'sources', label: LABEL.tabSources, render: (b) => <MobileSourcesTab instance={data} binding={b} /> },
    { key: 'images', label: LABEL.tabImages, render: (b) => <MobileImagesTab instance={data} binding={b} /> },
  ];
  return (
    <div className="page page--wide instance-edit">
      {back}
      <header className="page__header">
        <h1 className="page__title">{LABEL.mobileInstanceEdit}</h1>
        <p className="page__subtitle" data-testid="instance-name">
          {data.general.name}
        </p>
      </header>
      <DirtyTabs className="product-edit__tabs" tabs={tabs} active={tab} onChange={setTab} />
    </div>
  );
}
