import { LABEL, PAGE_SIZE, type ProductTotals, type ProductTotalsList } from '@atk/contract';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { userTextColumn } from '../../components/columns.tsx';
import { formatDuration } from './duration.ts';

/**
 * Per product: its plays and listening time over the range (products never played are left out); the customer's
 * statistics and the operators' instance analytics.
 */
export function ProductsTable({ answer, loading }: { answer: ProductTotalsList | undefined; loading: boolean }) {
  const list = answer?.list;
  const dropped = answer?.dropped;
  const columns = useMemo<TableColumnsType<ProductTotals>>(
    () => [
      userTextColumn({ key: 'name', title: LABEL.product, dataIndex: 'name' }),
      { key: 'plays', title: LABEL.plays, dataIndex: 'plays', align: 'right', width: 120 },
      {
        key: 'time',
        title: LABEL.listeningTime,
        align: 'right',
        width: 160,
        render: (_, p) => formatDuration(p.listening_time),
      },
    ],
    [],
  );
  return (
    <>
      <Table<ProductTotals>
        className="statistics__products"
        data-testid="statistics-products"
        rowKey="product_id"
        size="small"
        columns={columns}
        dataSource={list ?? []}
        loading={loading}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
        // the products' plays add up to the players' plays (docs/api.md "Statistics"): the same figure; what was
        // dropped of each sits under it
        summary={() =>
          list?.length || dropped?.plays || dropped?.listening_time ? (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{LABEL.total}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {(list ?? []).reduce((n, p) => n + p.plays, 0)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatDuration((list ?? []).reduce((n, p) => n + p.listening_time, 0))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row data-testid="statistics-products-dropped">
                <Table.Summary.Cell index={0}>{LABEL.dropped}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {dropped?.plays ?? 0}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatDuration(dropped?.listening_time ?? 0)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          ) : null
        }
      />
      <p className="statistics__dropped">{LABEL.droppedHint}</p>
    </>
  );
}
