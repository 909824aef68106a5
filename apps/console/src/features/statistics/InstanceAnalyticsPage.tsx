import { ArrowLeftOutlined } from '@ant-design/icons';
import { LABEL } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FilterRow } from '../../components/Filters.tsx';
import { instanceKeys, instancesApi } from '../instances/api.ts';
import { useInstanceScope } from '../instances/scope.ts';
import { type DayRange, statisticsApi, statisticsKeys } from './api.ts';
import { DailyLaunches } from './DailyStatistics.tsx';
import { ProductsTable } from './ProductsTable.tsx';
import { defaultRange, RangeFilter } from './StatisticsFilters.tsx';
import { Verdicts } from './Verdicts.tsx';
import { VERDICT } from './verdictTexts.ts';

function LaunchesDaily({ brandId, instanceId }: { brandId: string; instanceId: string }) {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const scope = useMemo(() => ({ admin: true, brandId }), [brandId]);
  const series = useQuery({
    queryKey: statisticsKeys.launchDaily(scope, range, instanceId),
    queryFn: () => statisticsApi.launchDaily(scope, range, instanceId),
    placeholderData: keepPreviousData,
  });
  const products = useQuery({
    queryKey: statisticsKeys.products(scope, range, instanceId),
    queryFn: () => statisticsApi.products(scope, range, instanceId),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="product-tab" data-testid="analytics-launches">
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
      </FilterRow>
      <DailyLaunches title={LABEL.tabLaunchesDaily} series={series} />
      <h2 className="product-tab__title statistics__subheading">{LABEL.tabProducts}</h2>
      <ProductsTable answer={products.data} loading={products.isFetching} />
    </section>
  );
}

/** The instance's Listener verdicts, read through the admin path naming its brand. */
function InstanceVerdicts({ brandId, instanceId }: { brandId: string; instanceId: string }) {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const scope = useMemo(() => ({ admin: true, brandId }), [brandId]);
  return (
    <section className="product-tab" data-testid="analytics-verdicts">
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
      </FilterRow>
      <Verdicts scope={scope} range={range} instanceId={instanceId} />
    </section>
  );
}

/**
 * Player instance analytics (/global/brands/{adminBrandId}/instances/{id}/analytics; docs/api.md "Statistics"):
 * the heading, the instance's name (GET /admin/instances/{id}, data.general.name), the left tab 'Launches
 * Daily', which holds the instance's launches and unique visitors per day and its products' plays and listening
 * time, and 'Listener verdicts', the instance's blind votes.
 */
export default function InstanceAnalyticsPage() {
  const scope = useInstanceScope();
  const { id = '' } = useParams();
  const instance = useQuery({
    queryKey: instanceKeys.one(scope.admin, id),
    queryFn: () => instancesApi.read(scope.admin, id),
  });
  const [tab, setTab] = useState('launches');
  return (
    <div className="page page--wide statistics">
      <Link to={scope.listPath} className="page__back" data-testid="instance-back">
        <ArrowLeftOutlined /> {LABEL.navMyPlayers}
      </Link>
      <header className="page__header">
        <h1 className="page__title">{LABEL.instanceAnalytics}</h1>
        <p className="page__subtitle" data-testid="instance-name">
          {instance.data?.general.name ?? ''}
        </p>
      </header>
      <Tabs
        className="product-edit__tabs"
        tabPosition="left"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'launches',
            label: LABEL.tabLaunchesDaily,
            children: <LaunchesDaily brandId={scope.brandId ?? ''} instanceId={id} />,
          },
          {
            key: 'verdicts',
            label: VERDICT.tab,
            children: <InstanceVerdicts brandId={scope.brandId ?? ''} instanceId={id} />,
          },
        ]}
      />
    </div>
  );
}
