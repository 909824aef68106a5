import { ALL_BRANDS, LABEL } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterRow, SelectFilter } from '../../components/Filters.tsx';
import { type DayRange, mobileStatisticsApi, type ProductMeasure, statisticsKeys } from './api.ts';
import type { ChartBar } from './DailyChart.tsx';
import { DailyStatistics } from './DailyStatistics.tsx';
import { formatDuration } from './duration.ts';
import { BrandFilter, defaultRange, RangeFilter } from './StatisticsFilters.tsx';
import { StatisticsTabs } from './StatisticsTabs.tsx';
import { useBrandChoice } from './useBrandChoice.ts';

const TABS = ['play', 'listening_time'] as const;
const PLAY_BARS: ChartBar[] = [{ key: 'total', name: LABEL.plays, tone: 'primary' }];
const TIME_BARS: ChartBar[] = [{ key: 'total', name: LABEL.listeningTime, tone: 'primary' }];

/** One tab: the daily bars of one measure over the range, its table, and the range's total. */
function ProductMeasureTab({
  measure,
  range,
  brandId,
  productId,
}: {
  measure: ProductMeasure;
  range: DayRange;
  brandId: string;
  productId: string;
}) {
  const series = useQuery({
    queryKey: statisticsKeys.mobileProduct(measure, range, brandId, productId),
    queryFn: () => mobileStatisticsApi.product(measure, range, brandId, productId || undefined),
    enabled: Boolean(brandId),
    placeholderData: keepPreviousData,
  });
  const total = series.data?.total_num ?? 0;
  const time = measure === 'listening_time';
  return (
    <>
      <p className="statistics__total">
        {time ? LABEL.totalTime : LABEL.totalPlays}:{' '}
        <strong data-testid={`statistics-${measure}-total`}>{time ? formatDuration(total) : total}</strong>
      </p>
      <DailyStatistics
        title={time ? LABEL.tabListeningTime : LABEL.tabPlayedTimes}
        series={series.data?.series}
        dropped={series.data?.dropped}
        bars={time ? TIME_BARS : PLAY_BARS}
        loading={series.isFetching}
        testId={`statistics-${measure}`}
        format={time ? formatDuration : String}
      />
    </>
  );
}

/**
 * Product statistics of the mobile widget (/atk/statistics/products; docs/api.md "Statistics"): a date range (future days disabled,
 * 13 days back by default), a brand (All brands, then the most active in the mobile widget first, opening on All
 * brands), a product of that brand or All, and the tabs Played Times and Listening Time,
 * each a bar chart per day with its total (listening time as hh:mm:ss). Only the mobile widget's events count.
 */
export default function MobileStatisticsPage() {
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [productId, setProductId] = useState('');
  const choice = useBrandChoice(range, 'mobile');
  const brandId = choice.brandId;
  // All brands has no product picker but All
  const oneBrand = brandId !== ALL_BRANDS;
  const products = useQuery({
    queryKey: statisticsKeys.atkProducts(brandId),
    queryFn: () => mobileStatisticsApi.products(brandId),
    enabled: oneBrand,
  });

  const productOptions = [
    { value: '', label: LABEL.all },
    ...((oneBrand && products.data?.list) || []).map((p) => ({
      value: p._id,
      label: p.model ? `${p.name} (${p.model})` : p.name,
    })),
  ];
  const tabProps = { range, brandId, productId };
  return (
    <div className="page page--wide statistics">
      <header className="page__header">
        <h1 className="page__title">{LABEL.mobileStatistics}</h1>
      </header>
      <FilterRow className="statistics__filters">
        <RangeFilter value={range} onChange={setRange} />
        <BrandFilter
          brands={choice.brands}
          value={brandId}
          loading={choice.loading}
          onChange={(id) => {
            choice.choose(id);
            setProductId('');
          }}
        />
        <SelectFilter
          id="statistics-product"
          label={LABEL.product}
          value={productId}
          options={productOptions}
          onChange={setProductId}
          search
          loading={products.isFetching}
          width={260}
        />
      </FilterRow>
      <StatisticsTabs
        keys={TABS}
        initial="play"
        items={[
          {
            key: 'play',
            label: LABEL.tabPlayedTimes,
            children: <ProductMeasureTab measure="play" {...tabProps} />,
          },
          {
            key: 'listening_time',
            label: LABEL.tabListeningTime,
            children: <ProductMeasureTab measure="listening_time" {...tabProps} />,
          },
        ]}
      />
    </div>
  );
}
