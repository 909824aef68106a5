import { type Brand, LABEL, MSG } from '@atk/contract';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { useAreaBase } from '../../app/useAreaBase.ts';
import { formatTime } from '../../components/format.ts';
import { type ListFilter, ListPage } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { STATUS_FILTER_OPTIONS, statusText } from '../../components/status.ts';
import { brandKeys, brandsApi } from './api.ts';
import { BrandDialog } from './BrandDialog.tsx';

const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', type: 'text', placeholder: 'Brand name' },
  { name: 'is_published', label: LABEL.status, type: 'select', options: STATUS_FILTER_OPTIONS },
];

/**
 * The brands list, the operators' home (spec 2 §2 Brands list), in /global and /super: name and status filters,
 * New Brand, the columns index, name, status, created at, last updated, operate (Edit, Manage, Delete), 20 a page.
 * Manage enters the brand-scoped mode (/{area}/brands/{id}/products).
 */
export default function BrandListPage() {
  const base = useAreaBase();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const remove = useSave({ save: brandsApi.remove, success: MSG.deleteSuccess, invalidate: [brandKeys.all] });

  const columns = useMemo<TableColumnsType<Brand>>(
    () => [
      { key: 'name', title: 'Name', dataIndex: 'name' },
      {
        key: 'status',
        title: LABEL.status,
        width: 120,
        render: (_, row) => (
          <Tag color={row.is_published === 1 ? 'green' : 'default'}>{statusText(row.is_published)}</Tag>
        ),
      },
      { key: 'created_at', title: 'Created at', width: 180, render: (_, row) => formatTime(row.created_at) },
      { key: 'updated_at', title: 'Last updated', width: 180, render: (_, row) => formatTime(row.updated_at) },
      {
        key: 'operate',
        title: 'Operate',
        width: 240,
        render: (_, row) => (
          <Space size={4} wrap>
            <RowAction label={LABEL.edit} name={row.name} onClick={() => setEditing(row)} />
            <RowAction
              label={LABEL.manage}
              name={row.name}
              onClick={() => navigate(`${base}/brands/${row._id}/products`)}
            />
            <RowAction
              label={LABEL.delete}
              name={row.name}
              danger
              confirm={MSG.deleteRecordConfirm}
              onClick={() => remove.mutate(row._id)}
            />
          </Space>
        ),
      },
    ],
    [base, navigate, remove.mutate],
  );

  return (
    <ListPage<Brand>
      title={LABEL.brands}
      storageKey={`brands:${base}`}
      filters={FILTERS}
      queryKey={brandKeys.list()}
      fetch={({ page_num, page_size, filters }) =>
        brandsApi.list({
          page_num,
          page_size,
          name: typeof filters.name === 'string' ? filters.name : undefined,
          is_published: typeof filters.is_published === 'number' ? filters.is_published === 1 : undefined,
        })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.newBrand, onClick: () => setEditing('new') }}
      testId="brand-list"
    >
      {editing && <BrandDialog brand={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
