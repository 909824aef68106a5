import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Currency } from '@atk/contract';
import { DEFAULT_BUTTONS, type InstanceButtons, LABEL } from '@atk/contract';
import { Button, Form, Input } from 'antd';
import { useCallback, useRef } from 'react';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { type TabProps, useSaveInstance } from '../context.ts';

interface Row {
  currency?: string;
  url?: string;
}
interface ButtonsForm {
  default: Row;
  list: Row[];
}

const toForm = (b: InstanceButtons | null | undefined): ButtonsForm => {
  const buttons = b ?? DEFAULT_BUTTONS;
  return {
    default: { currency: buttons.default.currency || undefined, url: buttons.default.url ?? '' },
    list: buttons.list.map((d) => ({ currency: d.currency || undefined, url: d.url ?? '' })),
  };
};

const URL_RULE = {
  pattern: /^https?:\/\/\S+$/i,
  message: 'Enter a web address (http:// or https://)',
};

/**
 * Buy Button (docs/api.md "Instances and subscriptions"): the default destination (currency and url) and extra destinations
 * 'If user's currency is … navigate user to …'; 'Add new Buy Button destination' adds one. Symbols come from
 * the currency list (default: the dollar sign).
 */
export function BuyButtonTab({ instance, scope, binding, permission }: TabProps) {
  const symbols = useRef(
    new Map<string, string>(
      [instance.buttons?.default, ...(instance.buttons?.list ?? [])]
        .filter((d): d is InstanceButtons['default'] => Boolean(d?.currency))
        .map((d) => [d.currency, d.symbol]),
    ),
  );
  const onKnown = useCallback((list: Currency[]) => {
    for (const c of list) symbols.current.set(c.currency, c.symbol);
  }, []);
  const toButtons = useCallback((v: Partial<ButtonsForm>): InstanceButtons => {
    const dest = (r: Row | undefined, fallback: string) => {
      const currency = r?.currency ?? '';
      return {
        currency,
        symbol: currency ? (symbols.current.get(currency) ?? '') : fallback,
        url: (r?.url ?? '').trim(),
      };
    };
    return {
      default: dest(v.default, DEFAULT_BUTTONS.default.symbol),
      list: (v.list ?? []).map((r) => dest(r, '')),
    };
  }, []);
  const part = useSaveInstance(scope, instance._id, permission);
  const tab = useFormTab({
    binding,
    fields: () => toForm(instance.buttons),
    toValue: (fields: ButtonsForm) => toButtons(fields),
    save: (buttons) => part.save({ buttons }),
    saving: part.saving,
  });
  const { refresh } = tab;

  return (
    <FormTabFrame tab={tab} name="instance-buttons" title={LABEL.tabBuyButton} testId="tab-buttons">
      <p className="buy-button__text">{LABEL.buyButtonDefault}</p>
      <div className="buy-button__row" data-testid="buy-button-default">
        <Form.Item name={['default', 'currency']} noStyle>
          <CurrencySelect
            admin={scope.admin}
            onKnown={onKnown}
            aria-label="Default currency"
            placeholder="Currency"
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name={['default', 'url']} rules={[URL_RULE]} className="buy-button__url">
          <Input aria-label="Default URL" placeholder={LABEL.buyButtonUrlPlaceholder} maxLength={2000} />
        </Form.Item>
      </div>
      <Form.List name="list">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <div className="buy-button__row" key={field.key} data-testid="buy-button-destination">
                <span>{LABEL.buyButtonIf}</span>
                <Form.Item
                  name={[field.name, 'currency']}
                  rules={[{ required: true, message: 'Choose a currency' }]}
                  className="buy-button__currency"
                >
                  <CurrencySelect
                    admin={scope.admin}
                    onKnown={onKnown}
                    aria-label={`Currency ${i + 1}`}
                    placeholder="Currency"
                    style={{ width: 160 }}
                  />
                </Form.Item>
                <span>{LABEL.buyButtonNavigate}</span>
                <Form.Item
                  name={[field.name, 'url']}
                  rules={[{ required: true, message: 'Enter a web address' }, URL_RULE]}
                  className="buy-button__url"
                >
                  <Input aria-label={`URL ${i + 1}`} placeholder={LABEL.buyButtonUrlPlaceholder} maxLength={2000} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove destination ${i + 1}`}
                  onClick={() => {
                    remove(field.name);
                    refresh();
                  }}
                />
              </div>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                add({ currency: undefined, url: '' });
                refresh();
              }}
            >
              {LABEL.addBuyButton}
            </Button>
          </>
        )}
      </Form.List>
    </FormTabFrame>
  );
}
