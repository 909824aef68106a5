import { LABEL, type ProductListItem } from '@atk/contract';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { statusColumn, timeColumn, userTextColumn } from '../../components/columns.tsx';
import { ListPage } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { PRODUCT_FILTERS, productList } from './list.ts';
import { NewProductDialog } from './NewProductDialog.tsx';
import { useProductScope } from './scope.ts';

/**
 * The product list: the client's own products (#, Product, Last updated, Edit), an operator's view
 * of one brand and the operators' list of every brand (index, product name, status, last updated, Edit).
 */
export default function ProductListPage() {
  const scope = useProductScope();
  const [creating, setCreating] = useState(false);
  const list = useMemo(() => productList(scope), [scope]);

  const columns = useMemo<TableColumnsType<ProductListItem>>(() => {
    const edit = {
      key: 'edit',
      title: 'Edit',
      width: 100,
      render: (_: unknown, row: ProductListItem) => (
        <RowAction label={LABEL.edit} name={row.general.name} to={scope.editPath(row._id)} testId="product-edit" />
      ),
    };
    const name = userTextColumn<ProductListItem>({
      key: 'name',
      title: scope.kind === 'client' ? 'Product' : 'Product name',
      // An older product saved without a category never reaches a player: say so rather than let it vanish
      // (docs/api.md "Products").
      render: (_: unknown, row: ProductListItem) =>
        row.general.category_id ? (
          row.general.name
        ) : (
          <Space size={8} wrap>
            {row.general.name}
            <Tag color="warning">{LABEL.noCategory}</Tag>
          </Space>
        ),
    });
    const updated = timeColumn<ProductListItem>('updated_at', 'Last updated', (row) => row.updated_at, 200);
    if (scope.kind === 'client') return [name, updated, edit];
    const status = statusColumn<ProductListItem>((row) => row.general.is_published);
    const brand = userTextColumn<ProductListItem>({
      key: 'brand',
      title: 'Brand',
      render: (_: unknown, row: ProductListItem) => row.general.brand_name,
    });
    return scope.kind === 'all' ? [name, brand, status, updated, edit] : [name, status, updated, edit];
  }, [scope]);

  return (
    <ListPage<ProductListItem>
      title="Products"
      {...list}
      filters={PRODUCT_FILTERS}
      columns={columns}
      index={scope.kind === 'client' ? '#' : 'Index'}
      create={{ label: LABEL.newProduct, onClick: () => setCreating(true) }}
      testId="product-list"
    >
      <NewProductDialog scope={scope} open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
