import {
  featuredOrderRange,
  LABEL,
  MOBILE_PRODUCT_PAGE_SIZES,
  MOBILE_PRODUCT_TIPS,
  MOBILE_SLOTS,
  type MobileProduct,
  type MobileProductRow,
  type MobileProductSort,
  type MobileProductsQuery,
  MSG,
} from '@atk/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/client.ts';
import { complaint } from '../../../api/fieldErrors.ts';
import { useSave } from '../../../api/useSave.ts';
import { userTextColumn } from '../../../components/columns.tsx';
import { FilterRow, SelectFilter } from '../../../components/Filters.tsx';
import { InfoTip } from '../../../components/InfoTip.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { mobileInstanceKeys, mobileInstancesApi } from '../api.ts';
import type { MobileTabProps } from '../context.ts';

type Tri = '' | 'true' | 'false';
const TRI_OPTIONS: { value: Tri; label: string }[] = [
  { value: '', label: LABEL.all },
  { value: 'true', label: LABEL.optionTrue },
  { value: 'false', label: LABEL.optionFalse },
];
const SORT_OPTIONS: { value: MobileProductSort; label: string }[] = [
  { value: 'name', label: LABEL.name },
  { value: 'featured_order', label: LABEL.featuredOrder },
  { value: 'player_position', label: LABEL.playerPosition },
];
const SLOT_OPTIONS = Array.from({ length: MOBILE_SLOTS }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const triValue = (t: Tri) => (t === '' ? undefined : t === 'true');

/** The saved part of a row. */
const toProduct = (r: MobileProductRow): MobileProduct => ({
  product_id: r.product_id,
  is_active: r.is_active,
  is_featured: r.is_featured,
  featured_order: r.featured_order,
  player_position: r.player_position,
  placement_priority: r.placement_priority,
});

/**
 * The coupling of the two toggles (docs/api.md "Mobile instances": a featured product must be active), applied in the UI before the
 * save so the row shows what the server will hold: Active off turns Featured off, Featured on turns Active on.
 */
export function coupleToggles(row: MobileProduct, patch: Partial<MobileProduct>): MobileProduct {
  const next = { ...row, ...patch };
  if (patch.is_active === 0) next.is_featured = 0;
  if (patch.is_featured === 1) next.is_active = 1;
  return next;
}

/**
 * The Featured Order box: typed freely, saved when it is left or Enter is pressed, if it changed. A number beyond
 * 1 to the product count is not sent: the rule the server holds (docs/api.md "Mobile instances") is said under the
 * box, as is the server's own refusal (`refused`) should the count have changed meanwhile.
 */
function OrderInput({
  label,
  value,
  max,
  refused,
  onCommit,
}: {
  label: string;
  value: number | null;
  max: number;
  refused: string | undefined;
  onCommit: (order: number | null) => void;
}) {
  const [typed, setTyped] = useState<number | null>(value);
  const [wrong, setWrong] = useState<string>();
  useEffect(() => setTyped(value), [value]);
  const commit = () => {
    if (typed !== null && (typed < 1 || typed > max))
      return setWrong(`${LABEL.featuredOrder} ${featuredOrderRange(max)}`);
    setWrong(undefined);
    if (typed !== value) onCommit(typed);
  };
  const help = wrong ?? refused;
  return (
    <Form.Item validateStatus={help ? 'error' : undefined} help={help} style={{ margin: 0 }}>
      <InputNumber<number>
        aria-label={label}
        aria-invalid={help ? true : undefined}
        value={typed}
        precision={0}
        placeholder={`1 to ${max}`}
        onChange={(v) => setTyped(v ?? null)}
        onBlur={commit}
        onPressEnter={commit}
        style={{ width: 110 }}
      />
    </Form.Item>
  );
}

/** A column title with its one-line explanation. */
const tipped = (label: string, tip: string) => (
  <span>
    {label}
    <InfoTip topic={label} text={tip} />
  </span>
);

/**
 * Products (docs/api.md "Mobile instances"): every product the instance lists, filtered by Name, Active and
 * Featured (All/True/False, as the spec words them) and sorted by Name, Featured Order or Player Position; columns
 * brand, the product name (what the Name filter searches, server-side), model, price,
 * Active and Featured toggles, Featured Order (1 to the product count), Player Position and Placement Priority
 * (blank or 1–3); 20, 50 or 100 a page. Each change saves its row at once; a refused save shows the server's msg
 * and the row goes back to what is stored (it is read again).
 */
export function MobileProductsTab({ instance }: MobileTabProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [active, setActive] = useState<Tri>('');
  const [featured, setFeatured] = useState<Tri>('');
  const [sort, setSort] = useState<MobileProductSort>('name');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(MOBILE_PRODUCT_PAGE_SIZES[0]);
  // rows as changed on screen while their save is on its way (shown instead of the stored row)
  const [shown, setShown] = useState<Record<string, MobileProduct>>({});
  // the server's refusal of a row's Featured Order, shown under its box until the row is saved again
  const [orderRefused, setOrderRefused] = useState<Record<string, string>>({});

  const query: MobileProductsQuery = {
    instance_id: instance._id,
    page_num: page,
    page_size: pageSize,
    name: name.trim() || undefined,
    is_active: triValue(active),
    is_featured: triValue(featured),
    sort,
  };
  const products = useQuery({
    queryKey: [...mobileInstanceKeys.products(instance._id), query],
    queryFn: () => mobileInstancesApi.products(query),
    placeholderData: keepPreviousData,
  });
  const total = products.data?.total_num ?? 0;
  const productCount = Math.max(instance.product_counts.total, 1);

  const save = useSave({
    save: (row: MobileProduct) => mobileInstancesApi.saveProducts(instance._id, [row]),
    success: MSG.updateSuccess,
  });
  const change = async (row: MobileProductRow, patch: Partial<MobileProduct>) => {
    const id = row.product_id;
    const next = coupleToggles(shown[id] ?? toProduct(row), patch);
    setShown((s) => ({ ...s, [id]: next }));
    const refusal = await save.mutateAsync(next).then(
      () => undefined,
      (e: unknown) => {
        const refused = isApiError(e) ? e.refused : null;
        const order = refused?.errors.find((f) => f.path.at(-1) === 'featured_order');
        // shown under the row's box: the toast (which would count rows of the one-row body) stays silent
        if (order) refused?.markShown(order);
        return order;
      },
    );
    setOrderRefused(({ [id]: _, ...rest }) =>
      refusal ? { ...rest, [id]: `${LABEL.featuredOrder} ${complaint(refusal)}` } : rest,
    );
    // saved or refused, the row shows what is stored from here on (the counts and sources follow the products)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: mobileInstanceKeys.products(instance._id) }),
      queryClient.invalidateQueries({ queryKey: mobileInstanceKeys.one(instance._id) }),
    ]);
    setShown((s) => {
      const { [id]: _, ...rest } = s;
      return rest;
    });
  };

  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  // Active and Featured: All, True or False
  const triFilters = [
    { key: 'active', label: LABEL.active, value: active, set: setActive },
    { key: 'featured', label: LABEL.featured, value: featured, set: setFeatured },
  ];

  // rebuilt on every render: the cells read `shown` and `change` as they are now
  const view = (r: MobileProductRow) => shown[r.product_id] ?? toProduct(r);
  const columns: TableColumnsType<MobileProductRow> = [
    userTextColumn({ key: 'brand', title: LABEL.brand, render: (_, r) => r.brand_name }),
    // the product's own name: what the Name filter searches and the toggles are labelled by
    userTextColumn({
      key: 'name',
      title: LABEL.name,
      render: (_, r) => <span data-testid="mobile-product-name">{r.name}</span>,
    }),
    {
      key: 'model',
      title: LABEL.model,
      render: (_, r) => <span data-testid="mobile-product-model">{r.model}</span>,
    },
    {
      key: 'price',
      title: LABEL.price,
      render: (_, r) => (r.price ? `${r.price.symbol}${r.price.price.toFixed(2)} ${r.price.currency}` : ''),
    },
    {
      key: 'active',
      title: LABEL.active,
      width: 90,
      render: (_, r) => (
        <Switch
          aria-label={`${LABEL.active} ${r.name}`}
          checked={view(r).is_active === 1}
          onChange={(on) => void change(r, { is_active: on ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'featured',
      title: LABEL.featured,
      width: 90,
      render: (_, r) => (
        <Switch
          aria-label={`${LABEL.featured} ${r.name}`}
          checked={view(r).is_featured === 1}
          onChange={(on) => void change(r, { is_featured: on ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'featured_order',
      title: tipped(LABEL.featuredOrder, MOBILE_PRODUCT_TIPS.featuredOrder),
      width: 150,
      render: (_, r) => (
        <OrderInput
          label={`${LABEL.featuredOrder} ${r.name}`}
          value={view(r).featured_order}
          max={productCount}
          refused={orderRefused[r.product_id]}
          onCommit={(order) => void change(r, { featured_order: order })}
        />
      ),
    },
    ...(['player_position', 'placement_priority'] as const).map((field) => ({
      key: field,
      title:
        field === 'player_position'
          ? tipped(LABEL.playerPosition, MOBILE_PRODUCT_TIPS.playerPosition)
          : tipped(LABEL.placementPriority, MOBILE_PRODUCT_TIPS.placementPriority),
      width: 130,
      render: (_: unknown, r: MobileProductRow) => (
        <Select<number | null>
          aria-label={`${field === 'player_position' ? LABEL.playerPosition : LABEL.placementPriority} ${r.name}`}
          value={view(r)[field] ?? null}
          allowClear
          options={SLOT_OPTIONS}
          onChange={(slot) => void change(r, { [field]: slot ?? null })}
          style={{ width: 90 }}
        />
      ),
    })),
  ];

  return (
    <TabFrame title={LABEL.tabProducts} testId="tab-products">
      <FilterRow>
        <Form.Item label={LABEL.name} htmlFor="mobile-products-name">
          <Input.Search
            id="mobile-products-name"
            allowClear
            defaultValue={name}
            onSearch={filter(setName)}
            style={{ width: 220 }}
          />
        </Form.Item>
        {triFilters.map((f) => (
          <SelectFilter<Tri>
            key={f.key}
            id={`mobile-products-${f.key}`}
            label={f.label}
            value={f.value}
            options={TRI_OPTIONS}
            onChange={filter(f.set)}
            width={100}
          />
        ))}
        <SelectFilter<MobileProductSort>
          id="mobile-products-sort"
          label={LABEL.sort}
          value={sort}
          options={SORT_OPTIONS}
          onChange={filter(setSort)}
          width={160}
        />
      </FilterRow>
      <Table<MobileProductRow>
        data-testid="mobile-products"
        rowKey="product_id"
        size="middle"
        columns={columns}
        dataSource={products.data?.products ?? []}
        loading={products.isFetching && !Object.keys(shown).length}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: MOBILE_PRODUCT_PAGE_SIZES.map(String),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
    </TabFrame>
  );
}
