import { PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { type InstanceProduct, type InstanceProductNamed, LABEL, MSG, PRODUCT_SLOTS } from '@atk/contract';
import { Button, Modal, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { userTextColumn } from '../../../components/columns.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { type TabProps, useSaveInstance } from '../context.ts';
import { type ProductListKind, type ProductLists, setProductSlot } from '../ordering.ts';
import { HiddenProductNote } from '../visibility.tsx';
import { type ChosenProduct, type PickerKind, ProductPicker } from './ProductPicker.tsx';

const SLOT_OPTIONS = Array.from({ length: PRODUCT_SLOTS }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

interface Names {
  name: string;
  brand_name: string;
  /** Why visitors will not see it, as last saved (a product added since is known after the save). */
  hidden?: InstanceProductNamed['hidden'];
}

const clean = (p: InstanceProduct): InstanceProduct => ({
  product_id: p.product_id,
  brand_id: p.brand_id,
  is_active: p.is_active === 1 ? 1 : 0,
  order: p.order ?? null,
});

const KIND_OF: Record<PickerKind, ProductListKind> = { mine: 'products', others: 'other_products' };

/**
 * Products: the my-brand list and the other-brands list, each product with an
 * Active switch and a featured slot (blank or 1-3; a slot chosen for one product is cleared from any other,
 * in either list). The pickers add and remove products; the other brands' picker needs Other Brands Products
 * enabled (else a permission-info dialog). A guide dialog explains the two steps. A product visitors will not see
 * (pending, deleted, its brand not live) says so under its name, with a link to publish it (../visibility.tsx).
 */
export function ProductsTab({ instance, scope, binding, permission }: TabProps) {
  const part = useSaveInstance(scope, instance._id, permission);
  const {
    value: lists,
    setValue: setLists,
    submit,
    saving,
  } = useTabForm<ProductLists>({
    binding,
    initial: () => ({ products: instance.products.map(clean), other_products: instance.other_products.map(clean) }),
    save: (sent) => part.save({ products: sent.products, other_products: sent.other_products }),
    saving: part.saving,
  });
  const [picker, setPicker] = useState<PickerKind | null>(null);
  const [guide, setGuide] = useState(false);
  const [picked, setPicked] = useState<Map<string, Names>>(() => new Map());
  const admin = scope.admin;

  // product names: the instance answer carries them; the pickers name the ones added since
  const names = useMemo(() => {
    const map = new Map<string, Names>();
    for (const p of [...instance.products, ...instance.other_products])
      map.set(p.product_id, { name: p.name, brand_name: p.brand_name, hidden: p.hidden });
    for (const [id, n] of picked) map.set(id, { ...map.get(id), ...n });
    return map;
  }, [instance.products, instance.other_products, picked]);

  const openPicker = (kind: PickerKind) => {
    // adding other brands' products needs the feature on the instance
    if (kind === 'others' && instance.features?.other_brands_products?.is_enable !== 1) permission('otherBrands');
    else setPicker(kind);
  };
  const selectedFor = (kind: PickerKind): ChosenProduct[] =>
    lists[KIND_OF[kind]].map((p) => ({
      product_id: p.product_id,
      brand_id: p.brand_id,
      name: names.get(p.product_id)?.name ?? p.product_id,
      brand_name: names.get(p.product_id)?.brand_name ?? '',
    }));
  const done = (chosen: ChosenProduct[], kind: PickerKind) => {
    const key = KIND_OF[kind];
    setPicked((m) => {
      const next = new Map(m);
      for (const c of chosen) next.set(c.product_id, { name: c.name, brand_name: c.brand_name });
      return next;
    });
    setLists((l) => ({
      ...l,
      [key]: chosen.map(
        (c) =>
          l[key].find((p) => p.product_id === c.product_id) ?? {
            product_id: c.product_id,
            brand_id: c.brand_id,
            is_active: 1,
            order: null,
          },
      ),
    }));
    setPicker(null);
  };

  const columns = (kind: ProductListKind): TableColumnsType<InstanceProduct> => [
    userTextColumn({
      key: 'name',
      title: 'Product',
      render: (_, p) => {
        const named = names.get(p.product_id);
        return (
          <Space orientation="vertical" size={2}>
            {named?.name ?? '…'}
            <HiddenProductNote
              product={{ ...p, name: named?.name ?? '', hidden: named?.hidden ?? null }}
              brandId={instance.brand_id}
              productEditPath={scope.productEditPath}
            />
          </Space>
        );
      },
    }),
    userTextColumn({ key: 'brand', title: 'Brand', render: (_, p) => names.get(p.product_id)?.brand_name ?? '' }),
    {
      key: 'active',
      title: LABEL.statusActive,
      width: 100,
      render: (_, p) => (
        <Switch
          aria-label={`Active ${names.get(p.product_id)?.name ?? p.product_id}`}
          checked={p.is_active === 1}
          onChange={(on) =>
            setLists((l) => ({
              ...l,
              [kind]: l[kind].map((x) => (x.product_id === p.product_id ? { ...x, is_active: on ? 1 : 0 } : x)),
            }))
          }
        />
      ),
    },
    {
      key: 'slot',
      title: LABEL.featureInPlayerSlots,
      width: 220,
      render: (_, p) => (
        <Select
          aria-label={`Slot of ${names.get(p.product_id)?.name ?? p.product_id}`}
          allowClear
          placeholder=" "
          value={p.order ?? undefined}
          options={SLOT_OPTIONS}
          onChange={(slot?: number) => setLists((l) => setProductSlot(l, kind, p.product_id, slot ?? null))}
          style={{ width: 90 }}
        />
      ),
    },
  ];

  return (
    <TabFrame
      title={LABEL.tabProducts}
      testId="tab-products"
      onSave={() => void submit()}
      saving={saving}
      extra={
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={() => openPicker('mine')}>
            {LABEL.addMyProducts}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => openPicker('others')}>
            {LABEL.addOtherProducts}
          </Button>
          <Button icon={<QuestionCircleOutlined />} onClick={() => setGuide(true)}>
            {LABEL.productsGuide}
          </Button>
        </Space>
      }
    >
      <h3 className="product-tab__subtitle">{LABEL.myBrandProducts}</h3>
      <Table<InstanceProduct>
        rowKey="product_id"
        columns={columns('products')}
        dataSource={lists.products}
        pagination={false}
        size="middle"
        data-testid="my-products"
      />
      <h3 className="product-tab__subtitle">{LABEL.otherBrandsProducts}</h3>
      <Table<InstanceProduct>
        rowKey="product_id"
        columns={columns('other_products')}
        dataSource={lists.other_products}
        pagination={false}
        size="middle"
        data-testid="other-products"
      />
      {picker && (
        <ProductPicker
          kind={picker}
          admin={admin}
          brandId={instance.brand_id}
          selected={selectedFor(picker)}
          onDone={done}
          onClose={() => setPicker(null)}
        />
      )}
      <Modal
        open={guide}
        title={LABEL.productsGuide}
        onCancel={() => setGuide(false)}
        footer={
          <Button type="primary" onClick={() => setGuide(false)}>
            OK
          </Button>
        }
      >
        <ol className="instance-guide" data-testid="products-guide">
          <li>{MSG.productsGuideStep1}</li>
          <li>{MSG.productsGuideStep2}</li>
        </ol>
        <p>{MSG.productsGuideDefault}</p>
      </Modal>
    </TabFrame>
  );
}
