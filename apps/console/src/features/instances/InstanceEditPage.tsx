import { ArrowLeftOutlined } from '@ant-design/icons';
import { LABEL } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRememberedTab } from '../../app/useRememberedTab.ts';
import { type DirtyTab, DirtyTabs } from '../../components/DirtyTabs.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { instanceKeys, instancesApi } from './api.ts';
import { type OpenPermission, PermissionDialog, type PermissionRequest } from './permissions.tsx';
import { useInstanceScope } from './scope.ts';
import { BuyButtonTab } from './tabs/BuyButtonTab.tsx';
import { FeaturesTab } from './tabs/FeaturesTab.tsx';
import { GeneralTab } from './tabs/GeneralTab.tsx';
import { ImagesTab } from './tabs/ImagesTab.tsx';
import { ProductsTab } from './tabs/ProductsTab.tsx';
import { SourcesTab } from './tabs/SourcesTab.tsx';

const TABS = ['general', 'features', 'products', 'sources', 'images', 'buttons'] as const;
type TabKey = (typeof TABS)[number];

/**
 * PLAYER INSTANCE EDIT (spec 3 §2 Instance edit): the instance of the route's id with its name as subtitle, and
 * the left tabs General, Features, Products, Sources, Images, Buy Button; each saves its own part. Operators
 * work with the /admin calls.
 */
export default function InstanceEditPage() {
  const scope = useInstanceScope();
  const { id = '' } = useParams();
  const [tab, setTab] = useRememberedTab<TabKey>(TABS, 'general');
  const [permission, setPermission] = useState<PermissionRequest | null>(null);
  const openPermission = useCallback<OpenPermission>((kind, features) => setPermission({ kind, features }), []);
  const instance = useQuery({
    queryKey: instanceKeys.one(scope.admin, id),
    queryFn: () => instancesApi.read(scope.admin, id),
  });

  const back = (
    <Link to={scope.listPath} className="page__back" data-testid="instance-back">
      <ArrowLeftOutlined /> {LABEL.navMyPlayers}
    </Link>
  );

  if (instance.isPending) return <PageSpinner />;
  if (!instance.data) {
    return (
      <div className="page">
        {back}
        <Result
          status="404"
          title={LABEL.instanceEdit}
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
  const props = { instance: data, scope, permission: openPermission };
  const tabs: DirtyTab<TabKey>[] = [
    { key: 'general', label: LABEL.tabGeneral, render: (b) => <GeneralTab {...props} binding={b} /> },
    { key: 'features', label: LABEL.tabFeatures, render: (b) => <FeaturesTab {...props} binding={b} /> },
    { key: 'products', label: LABEL.tabProducts, render: (b) => <ProductsTab {...props} binding={b} /> },
    { key: 'sources', label: LABEL.tabSources, render: (b) => <SourcesTab {...props} binding={b} /> },
    { key: 'images', label: LABEL.tabImages, render: (b) => <ImagesTab {...props} binding={b} /> },
    { key: 'buttons', label: LABEL.tabBuyButton, render: (b) => <BuyButtonTab {...props} binding={b} /> },
  ];

  return (
    <div className="page page--wide instance-edit">
      {back}
      <header className="page__header">
        <h1 className="page__title">{LABEL.instanceEdit}</h1>
        <p className="page__subtitle" data-testid="instance-name">
          {data.general.name}
        </p>
      </header>
      <DirtyTabs className="product-edit__tabs" tabs={tabs} active={tab} onChange={setTab} />
      <PermissionDialog request={permission} onClose={() => setPermission(null)} />
    </div>
  );
}
