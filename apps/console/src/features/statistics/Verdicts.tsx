import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, lazy, Suspense, useMemo, useState } from 'react';
import { userTextColumn } from '../../components/columns.tsx';
import { FilterRow, SelectFilter } from '../../components/Filters.tsx';
import { instanceKeys, instancesApi } from '../instances/api.ts';
import {
  type AbxResult,
  type DayRange,
  type PairPreference,
  type PreferenceFilter,
  type ProductPreference,
  type StatisticsScope,
  statisticsApi,
  statisticsKeys,
} from './api.ts';
import type { ShareRow } from './ShareChart.tsx';
import { InstanceFilter } from './StatisticsFilters.tsx';
import { useChartColors } from './useChartColors.ts';
import {
  abxSentence,
  chance,
  flipped,
  interval,
  pairSentence,
  percent,
  shareWithInterval,
  strengthOf,
  summaryOf,
  VERDICT,
} from './verdictTexts.ts';

const ShareChart = lazy(() => import('./ShareChart.tsx'));
const ALL = { value: '', label: 'All' };
/** Header cells name their column for screen readers, as the pair matrix's do. */
const scoped = <T,>(columns: TableColumnsType<T>): TableColumnsType<T> =>
  columns.map((c) => ({ ...c, onHeaderCell: () => ({ scope: 'col' }) as HTMLAttributes<HTMLElement> }));
const share = (n: number | null) => (n === null ? '—' : percent(n));

const PRODUCT_COLUMNS = scoped<ProductPreference>([
  userTextColumn({ key: 'name', title: VERDICT.product, dataIndex: 'name' }),
  { key: 'votes', title: VERDICT.votes, dataIndex: 'votes', align: 'right' },
  { key: 'wins', title: VERDICT.preferred, dataIndex: 'wins', align: 'right' },
  { key: 'share', title: VERDICT.share, align: 'right', render: (_, p) => share(p.share) },
  { key: 'interval', title: VERDICT.interval, align: 'right', render: (_, p) => interval(p.low, p.high) },
  {
    key: 'strength',
    title: VERDICT.strength,
    align: 'right',
    render: (_, p) => strengthOf(p.strength, p.strength_low, p.strength_high),
  },
]);
const ABX_COLUMNS = scoped<AbxResult>([
  { key: 'pair', title: VERDICT.pair, render: (_, r) => `${r.a_name} – ${r.b_name}` },
  { key: 'tests', title: VERDICT.tests, dataIndex: 'tests', align: 'right' },
  { key: 'trials', title: VERDICT.trials, dataIndex: 'trials', align: 'right' },
  {
    key: 'correct',
    title: VERDICT.correct,
    align: 'right',
    render: (_, r) => `${r.correct} (${share(r.trials ? r.correct / r.trials : null)})`,
  },
  { key: 'chance', title: VERDICT.chance, align: 'right', render: (_, r) => chance(r.p_value) },
  { key: 'heard', title: VERDICT.heard, align: 'right', render: (_, r) => share(r.significant_share) },
]);

/** The ABX results per pair of products: a table, then a sentence per pair. */
function AbxResults({ results, loading }: { results: AbxResult[]; loading: boolean }) {
  return (
    <>
      <h3 className="statistics__subheading">{VERDICT.abxHeading}</h3>
      <Table<AbxResult>
        className="statistics__table"
        data-testid="verdicts-abx"
        caption={VERDICT.abxTable}
        rowKey={(r) => `${r.a_id}-${r.b_id}`}
        size="small"
        columns={ABX_COLUMNS}
        dataSource={results}
        loading={loading}
        pagination={false}
      />
      <ul className="verdicts__sentences" data-testid="verdicts-abx-sentences">
        {results.map((r) => (
          <li key={`${r.a_id}-${r.b_id}`}>{abxSentence(r)}</li>
        ))}
      </ul>
    </>
  );
}

/** The song and source selects: the chosen instance's songs and their sources; without an instance, only All. */
function SongSourceFilters({
  scope,
  filter,
  onChange,
}: {
  scope: StatisticsScope;
  filter: PreferenceFilter;
  onChange: (filter: PreferenceFilter) => void;
}) {
  const instance = useQuery({
    queryKey: instanceKeys.one(scope.admin, filter.instanceId),
    queryFn: () => instancesApi.read(scope.admin, filter.instanceId),
    enabled: Boolean(filter.instanceId),
  });
  const songs = filter.instanceId ? [...(instance.data?.sources ?? []), ...(instance.data?.my_sources ?? [])] : [];
  const song = songs.find((s) => s.song_id === filter.songId);
  const sources = song?.instruments ?? [];
  return (
    <>
      <SelectFilter
        id="verdicts-song"
        label={VERDICT.song}
        value={filter.songId}
        options={[ALL, ...songs.map((s) => ({ value: s.song_id, label: s.name }))]}
        onChange={(songId) => onChange({ ...filter, songId, sourceId: '' })}
        loading={instance.isFetching}
        search
        width={200}
      />
      <SelectFilter
        id="verdicts-source"
        label={VERDICT.source}
        value={filter.sourceId}
        options={[ALL, ...sources.map((s) => ({ value: s.instrument_id, label: s.name }))]}
        onChange={(sourceId) => onChange({ ...filter, sourceId })}
        width={200}
      />
    </>
  );
}

/** The pair matrix: each cell the row product's share against the column product's, "—" where never compared. */
function PairMatrix({ products, pairs }: { products: ProductPreference[]; pairs: PairPreference[] }) {
  const cell = (row: string, col: string) => {
    if (row === col) return '—';
    const ab = pairs.find((p) => p.a_id === row && p.b_id === col);
    if (ab) return shareWithInterval(ab.share, ab.low, ab.high);
    const ba = pairs.find((p) => p.a_id === col && p.b_id === row);
    if (!ba) return '—';
    const side = flipped(ba);
    return shareWithInterval(side.share, side.low, side.high);
  };
  return (
    <div className="verdicts__matrix">
      <table className="verdicts__table" data-testid="verdicts-matrix">
        <caption>{VERDICT.matrixTable}</caption>
        <thead>
          <tr>
            <td />
            {products.map((p) => (
              <th key={p.product_id} scope="col">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((row) => (
            <tr key={row.product_id}>
              <th scope="row">{row.name}</th>
              {products.map((col) => (
                <td key={col.product_id}>{cell(row.product_id, col.product_id)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Listener verdicts (docs/api.md "Listener verdicts"): the blind votes of the brand's players, or of one instance
 * (`instanceId` fixed: the operators' instance analytics), filtered by song and source. The summary line, the share
 * bars with their 95 % intervals and the same figures as a table, the pair matrix and a sentence per pair; then,
 * once listeners took ABX tests, their results per pair.
 */
export function Verdicts({
  scope,
  range,
  instanceId,
}: {
  scope: StatisticsScope;
  range: DayRange;
  instanceId?: string;
}) {
  const [filter, setFilter] = useState<PreferenceFilter>({ instanceId: instanceId ?? '', songId: '', sourceId: '' });
  const read = useQuery({
    queryKey: statisticsKeys.preferences(scope, range, filter),
    queryFn: () => statisticsApi.preferences(scope, range, filter),
    placeholderData: keepPreviousData,
  });
  const colors = useChartColors();
  const data = read.data;
  const products = data?.products ?? [];
  const names = useMemo(() => new Map(products.map((p) => [p.product_id, p.name])), [products]);
  const chart = useMemo<ShareRow[]>(
    () =>
      products
        .filter((p) => p.share !== null)
        .map((p) => ({
          name: p.name,
          share: (p.share ?? 0) * 100,
          error: [((p.share ?? 0) - (p.low ?? 0)) * 100, ((p.high ?? 0) - (p.share ?? 0)) * 100],
        })),
    [products],
  );

  return (
    <section className="verdicts" data-testid="verdicts" aria-label={VERDICT.tab}>
      <FilterRow className="statistics__filters">
        {instanceId === undefined && (
          <InstanceFilter
            scope={scope}
            value={filter.instanceId}
            onChange={(id) => setFilter({ instanceId: id, songId: '', sourceId: '' })}
          />
        )}
        <SongSourceFilters scope={scope} filter={filter} onChange={setFilter} />
      </FilterRow>
      <p className="statistics__total" data-testid="verdicts-summary">
        {data ? summaryOf(data) : ''}
      </p>
      {data && data.votes === 0 ? (
        <p data-testid="verdicts-empty">{VERDICT.notEnough}</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <ShareChart data={chart} label={VERDICT.chart} colors={colors} />
          </Suspense>
          <Table<ProductPreference>
            className="statistics__table"
            data-testid="verdicts-products"
            caption={VERDICT.productsTable}
            rowKey="product_id"
            size="small"
            columns={PRODUCT_COLUMNS}
            dataSource={products}
            loading={read.isFetching}
            pagination={false}
          />
          {products.length > 1 && <PairMatrix products={products} pairs={data?.pairs ?? []} />}
          <h3 className="statistics__subheading">{VERDICT.sentences}</h3>
          <ul className="verdicts__sentences" data-testid="verdicts-sentences">
            {(data?.pairs ?? []).map((pair) => (
              <li key={`${pair.a_id}-${pair.b_id}`}>
                {pairSentence(pair, (id) => names.get(id) ?? id, data?.min_votes ?? 0)}
              </li>
            ))}
          </ul>
        </>
      )}
      {(data?.abx.length ?? 0) > 0 && <AbxResults results={data?.abx ?? []} loading={read.isFetching} />}
    </section>
  );
}
