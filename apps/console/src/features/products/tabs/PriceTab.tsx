import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Currency, PriceEntry } from '@atk/contract';
import { LABEL, type Product } from '@atk/contract';
import { Button, Col, Form, InputNumber, Row } from 'antd';
import { useCallback, useRef } from 'react';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { IconAction } from '../../../components/RowAction.tsx';
import { type TabProps, useSaveSection } from '../context.ts';

interface PriceRow {
  currency?: string;
  price?: number | null;
}
interface PriceForm {
  default: PriceRow;
  list: PriceRow[];
}

const toForm = (p: Product): PriceForm => ({
  default: { currency: p.price?.default?.currency, price: p.price?.default?.price ?? null },
  list: (p.price?.list ?? []).map((e) => ({ currency: e.currency, price: e.price })),
});

/** The highest price the server takes (the contract's priceEntry). */
const PRICE_MAX = 100_000_000;

const filled = (r: PriceRow | undefined): r is { currency: string; price: number } =>
  Boolean(r?.currency) && typeof r?.price === 'number';

/**
 * Price: the default price {currency, price, symbol} and additional prices of the same shape (docs/api.md "Brand content").
 * Prices are numeric with step 0.01; the currency picker is searchable and loads up to 40 currencies.
 */
export function PriceTab({ product, scope, binding }: TabProps) {
  // the symbols of the currencies seen so far (the product's own to start with)
  const symbols = useRef(
    new Map<string, string>(
      [product.price?.default, ...(product.price?.list ?? [])]
        .filter((e): e is PriceEntry => Boolean(e))
        .map((e) => [e.currency, e.symbol]),
    ),
  );
  const onKnown = useCallback((list: Currency[]) => {
    for (const c of list) symbols.current.set(c.currency, c.symbol);
  }, []);
  const entry = useCallback(
    (r: { currency: string; price: number }): PriceEntry => ({
      currency: r.currency,
      price: Math.round(r.price * 100) / 100,
      symbol: symbols.current.get(r.currency) ?? '',
    }),
    [],
  );
  const toContent = useCallback(
    (v: Partial<PriceForm>) => ({
      default: filled(v.default) ? entry(v.default) : null,
      list: (v.list ?? []).filter(filled).map(entry),
    }),
    [entry],
  );

  const section = useSaveSection(scope, product._id);
  const tab = useFormTab({
    binding,
    fields: () => toForm(product),
    toValue: (fields: PriceForm) => toContent(fields),
    save: (content) => section.save({ type: 'price', content }),
    saving: section.saving,
  });
  const { form, refresh } = tab;

  // the default price: a currency needs a price and a price a currency (or neither: no default price)
  const needs = (field: 'currency' | 'price') => ({
    validator: async (_: unknown, value: unknown) => {
      const row = form.getFieldValue('default') as PriceRow | undefined;
      const otherSet = field === 'currency' ? typeof row?.price === 'number' : Boolean(row?.currency);
      const thisSet = field === 'currency' ? Boolean(value) : typeof value === 'number';
      if (otherSet && !thisSet) throw new Error(field === 'currency' ? 'Choose a currency' : 'Enter a price');
    },
  });
  // what the server refuses, refused here as typed: a negative price is not turned into 0.00 (an InputNumber `min`
  // would, and the save then said 'Update success')
  const inRange = (label: string) => ({
    validator: async (_: unknown, value: unknown) => {
      if (typeof value !== 'number') return;
      if (value < 0) throw new Error(`${label} must be 0 or more`);
      if (value > PRICE_MAX) throw new Error(`${label} must be at most ${PRICE_MAX.toLocaleString('en-US')}`);
    },
  });

  return (
    <FormTabFrame tab={tab} name="product-price" title={LABEL.tabPrice} testId="tab-price">
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item
            name={['default', 'currency']}
            label="Default currency"
            dependencies={[['default', 'price']]}
            rules={[needs('currency')]}
          >
            <CurrencySelect admin={scope.admin} onKnown={onKnown} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name={['default', 'price']}
            label="Default price"
            dependencies={[['default', 'currency']]}
            rules={[needs('price'), inRange('Default price')]}
          >
            <InputNumber step={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <h3 className="product-tab__subtitle">Additional prices</h3>
      <Form.List name="list">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={16} key={field.key} align="bottom" data-testid="additional-price">
                <Col xs={24} md={10}>
                  <Form.Item
                    name={[field.name, 'currency']}
                    label={`Additional currency ${i + 1}`}
                    dependencies={[['list', field.name, 'price']]}
                    rules={[{ required: true, message: 'Choose a currency' }]}
                  >
                    <CurrencySelect admin={scope.admin} onKnown={onKnown} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item
                    name={[field.name, 'price']}
                    label={`Additional price ${i + 1}`}
                    rules={[{ required: true, message: 'Enter a price' }, inRange(`Additional price ${i + 1}`)]}
                  >
                    <InputNumber step={0.01} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={4}>
                  <Form.Item>
                    <IconAction
                      icon={<DeleteOutlined />}
                      label={`Remove price row ${i + 1}`}
                      onClick={() => {
                        remove(field.name);
                        refresh();
                      }}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                add({ currency: undefined, price: null });
                refresh();
              }}
            >
              Add price
            </Button>
          </>
        )}
      </Form.List>
    </FormTabFrame>
  );
}
