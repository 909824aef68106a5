import { DeleteOutlined } from '@ant-design/icons';
import type { PickerProduct } from '@atk/contract';
import { LABEL, MSG, PAGE_SIZE, PICKER_PAGE_SIZE } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Popconfirm, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { userTextColumn } from '../../../components/columns.tsx';
import { useFirstFieldFocus } from '../../../components/useFirstFieldFocus.ts';
import { instancesApi } from '../api.ts';

export type PickerKind = 'mine' | 'others';

/** A product chosen in a picker. */
export interface ChosenProduct {
  product_id: string;
  brand_id: string;
  name: string;
  brand_name: string;
}

export const chosenOf = (p: PickerProduct): ChosenProduct => ({
  product_id: p._id,
  brand_id: p.general.brand_id,
  name: p.general.name,
  brand_name: p.general.brand_name,
});

/**
 * The product picker (the Products tab; width 55%): my products or the other brands'
 * published products. A search box, the selected products (removal asks 'Confirm to delete this product?'),
 * and a paged list (20 per page) with an Add switch; the other brands' list also has a brand filter. 'done'
 * returns the chosen products to the tab.
 */
export function ProductPicker({
  kind,
  admin,
  brandId,
  selected,
  onDone,
  onClose,
}: {
  kind: PickerKind;
  admin: boolean;
  /** The instance's brand (left out of the other brands). */
  brandId: string;
  selected: ChosenProduct[];
  onDone: (chosen: ChosenProduct[], kind: PickerKind) => void;
  onClose: () => void;
}) {
  const firstField = useFirstFieldFocus();
  // mounted for one opening: it starts from the tab's list
  const [chosen, setChosen] = useState<ChosenProduct[]>(selected);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [brand, setBrand] = useState<string | undefined>();
  const [page, setPage] = useState(1);

  const others = kind === 'others';
  const brands = useQuery({
    queryKey: ['instances', 'picker-brands', admin],
    queryFn: () => instancesApi.brands(admin),
    enabled: others,
    staleTime: 60_000,
  });
  // a brand filter narrows the other brands' list here: that list is every brand but the user's own
  const byBrand = others && Boolean(brand);
  const list = useQuery({
    queryKey: ['instances', 'picker', admin, kind, brandId, name, byBrand ? 'all' : page],
    queryFn: () =>
      instancesApi.pickProducts(admin, kind, {
        page_num: byBrand ? 1 : page,
        page_size: byBrand ? PICKER_PAGE_SIZE : PAGE_SIZE,
        name,
        brand_id: brandId,
      }),
    placeholderData: keepPreviousData,
  });

  const rows = useMemo(() => {
    const all = list.data?.list ?? [];
    if (!byBrand) return { list: all, total: list.data?.total_num ?? 0 };
    const mine = all.filter((p) => p.general.brand_id === brand);
    return { list: mine.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: mine.length };
  }, [list.data, byBrand, brand, page]);

  const isChosen = (id: string) => chosen.some((c) => c.product_id === id);
  const toggle = (p: PickerProduct, on: boolean) =>
    setChosen((list) =>
      on
        ? list.some((c) => c.product_id === p._id)
          ? list
          : [...list, chosenOf(p)]
        : list.filter((c) => c.product_id !== p._id),
    );

  const selectedColumns: TableColumnsType<ChosenProduct> = [
    userTextColumn({ key: 'name', title: 'Product', dataIndex: 'name' }),
    userTextColumn({ key: 'brand', title: 'Brand', dataIndex: 'brand_name' }),
    {
      key: 'remove',
      title: '',
      width: 60,
      render: (_, c) => (
        <Popconfirm
          title={MSG.deleteProductConfirm}
          okText="OK"
          cancelText={LABEL.cancel}
          onConfirm={() => setChosen((list) => list.filter((x) => x.product_id !== c.product_id))}
        >
          <Button size="small" icon={<DeleteOutlined />} aria-label={`Remove ${c.name}`} />
        </Popconfirm>
      ),
    },
  ];
  const listColumns: TableColumnsType<PickerProduct> = [
    userTextColumn({ key: 'name', title: 'Product', render: (_, p) => p.general.name }),
    userTextColumn({ key: 'brand', title: 'Brand', render: (_, p) => p.general.brand_name }),
    {
      key: 'add',
      title: LABEL.add,
      width: 80,
      render: (_, p) => (
        <Switch
          size="small"
          aria-label={`Add ${p.general.name}`}
          checked={isChosen(p._id)}
          onChange={(on) => toggle(p, on)}
        />
      ),
    },
  ];

  const title = others ? LABEL.addOtherProducts : LABEL.addMyProducts;
  return (
    <Modal
      open
      title={title}
      width="55%"
      style={{ minWidth: 560 }}
      onCancel={onClose}
      afterOpenChange={firstField.afterOpenChange}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {LABEL.cancel}
        </Button>,
        <Button key="done" type="primary" onClick={() => onDone(chosen, kind)}>
          {LABEL.done}
        </Button>,
      ]}
    >
      <div data-testid={`picker-${kind}`} ref={firstField.ref}>
        <Space wrap className="instance-picker__filters">
          <Input.Search
            aria-label="Search products"
            placeholder="Product name"
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) {
                setName('');
                setPage(1);
              }
            }}
            onSearch={(v) => {
              setName(v.trim());
              setPage(1);
            }}
            style={{ width: 260 }}
          />
          {others && (
            <Select
              aria-label="Brand"
              placeholder="Brand"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={brand}
              onChange={(v: string | undefined) => {
                setBrand(v);
                setPage(1);
              }}
              loading={brands.isFetching}
              options={(brands.data?.list ?? [])
                .filter((b) => b._id !== brandId)
                .map((b) => ({ value: b._id, label: b.name }))}
              style={{ width: 220 }}
            />
          )}
        </Space>
        <h3 className="product-tab__subtitle">Selected products</h3>
        <Table<ChosenProduct>
          rowKey="product_id"
          size="small"
          columns={selectedColumns}
          dataSource={chosen}
          pagination={false}
          data-testid="picker-selected"
        />
        <h3 className="product-tab__subtitle">Products</h3>
        <Table<PickerProduct>
          rowKey="_id"
          size="small"
          columns={listColumns}
          dataSource={rows.list}
          loading={list.isFetching}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: rows.total,
            showSizeChanger: false,
            onChange: setPage,
          }}
          data-testid="picker-list"
        />
      </div>
    </Modal>
  );
}
