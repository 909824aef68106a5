import { type Brand, LABEL, MSG } from '@atk/contract';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSave } from '../../api/useSave.ts';
import { DeleteAction, operateColumn, statusColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { ListPage, nameStatusFilters, nameStatusQuery } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { brandKeys, brandsApi } from './api.ts';
import { BrandDialog } from './BrandDialog.tsx';

const FILTERS = nameStatusFilters('Brand name');

/**
 * The brands list, the operators' home (docs/api.md "Operators"), in /global and /super: name and status filters,
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
      userTextColumn({ key: 'name', title: 'Name', dataIndex: 'name' }),
      statusColumn((row) => row.is_published),
      timeColumn('created_at', 'Created at', (row) => row.created_at),
      timeColumn('updated_at', 'Last updated', (row) => row.updated_at),
      operateColumn(240, (row) => (
        <>
          <RowAction label={LABEL.edit} name={row.name} onClick={() => setEditing(row)} />
          <RowAction
            label={LABEL.manage}
            name={row.name}
            onClick={() => navigate(`${base}/brands/${row._id}/products`)}
          />
          <DeleteAction name={row.name} onDelete={() => remove.mutate(row._id)} />
        </>
      )),
    ],
    [base, navigate, remove.mutate],
  );

  return (
    <ListPage<Brand>
      title={LABEL.brands}
      storageKey={`brands:${base}`}
      filters={FILTERS}
      queryKey={brandKeys.list()}
      fetch={(query) => brandsApi.list(nameStatusQuery(query))}
      columns={columns}
      index="Index"
      create={{ label: LABEL.newBrand, onClick: () => setEditing('new') }}
      testId="brand-list"
    >
      {editing && <BrandDialog brand={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
