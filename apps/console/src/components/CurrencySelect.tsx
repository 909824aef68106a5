import type { Currency } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { pickerKeys, pickersApi } from '../api/pickers.ts';

/**
 * The searchable currency picker: loads up to 40 currencies, searching by name on the
 * server as the user types. Options show the code and the symbol; the value is the code. `known` keeps the
 * symbol of every currency seen, for the price's `symbol`.
 */
export function CurrencySelect({
  value,
  onChange,
  onKnown,
  admin,
  id,
  ...rest
}: {
  admin: boolean;
  value?: string;
  onChange?: (value: string | undefined) => void;
  onKnown?: (currencies: Currency[]) => void;
  id?: string;
} & Pick<SelectProps, 'placeholder' | 'style' | 'aria-label'>) {
  const [search, setSearch] = useState('');
  const currencies = useQuery({
    queryKey: pickerKeys.currencies(admin, search),
    queryFn: () => pickersApi.currencies(admin, search),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (currencies.data) onKnown?.(currencies.data.list);
  }, [currencies.data, onKnown]);

  const list = currencies.data?.list ?? [];
  const options = list.map((c) => ({ value: c.currency, label: `${c.currency} (${c.symbol})`, title: c.name }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value, title: value });

  return (
    <Select
      {...rest}
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={currencies.isFetching}
      options={options}
      popupMatchSelectWidth={false}
    />
  );
}
