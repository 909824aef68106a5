/**
 * A list's state outside React (no antd here): its filters, the ones this browser kept, and the cache key of a page.
 * ListPage draws with it; signing in prefetches a landing list's first page with the same key (app/preload.ts).
 */
/** A filter of a list: a text box or a select, each with a visible label. */
export type ListFilter =
  | { name: string; label: string; type: 'text'; placeholder?: string; width?: number }
  | {
      name: string;
      label: string;
      type: 'select';
      options: { value: string | number; label: string }[];
      placeholder?: string;
      width?: number;
    };

export type FilterValue = string | number | undefined;
export type FilterValues = Record<string, FilterValue>;

/** A text filter's value, or undefined when it is empty (no filter). */
export const textFilter = (filters: FilterValues, name: string): string | undefined =>
  typeof filters[name] === 'string' ? filters[name] : undefined;
/** A select filter's numeric value; the cleared select or All ('') is no filter. */
export const numberFilter = (filters: FilterValues, name: string): number | undefined =>
  typeof filters[name] === 'number' ? filters[name] : undefined;
/** The All/Active/Pending status filter as the `is_published` true/false the operator APIs read. */
export const publishedFilter = (filters: FilterValues, name = 'is_published'): boolean | undefined => {
  const value = numberFilter(filters, name);
  return value === undefined ? undefined : value === 1;
};

export interface ListQuery {
  page_num: number;
  page_size: number;
  filters: FilterValues;
}

const filtersKey = (storageKey: string) => `atk:filters:${storageKey}`;

function readFilters(storageKey: string): FilterValues {
  try {
    const raw = localStorage.getItem(filtersKey(storageKey));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as FilterValues) : {};
  } catch {
    return {};
  }
}

export function writeFilters(storageKey: string, values: FilterValues): void {
  try {
    if (Object.keys(values).length) localStorage.setItem(filtersKey(storageKey), JSON.stringify(values));
    else localStorage.removeItem(filtersKey(storageKey));
  } catch {
    // storage unavailable: the filters last until the page unmounts
  }
}

/** Drops empty values and trims text, so storage and queries only carry what was chosen. */
export function clean(values: FilterValues, filters: ListFilter[]): FilterValues {
  const out: FilterValues = {};
  for (const f of filters) {
    let v = values[f.name];
    if (typeof v === 'string') v = v.trim();
    if (v !== undefined && v !== null && v !== '') out[f.name] = v;
  }
  return out;
}

/** The filters a list opens with: those kept in this browser for it, cleaned against its filters. */
export const openingFilters = (storageKey: string, filters: ListFilter[]): FilterValues =>
  clean(readFilters(storageKey), filters);

/** The cache key of one page of a list (its `queryKey`, then the page and the applied filters). */
export const listPageKey = (queryKey: readonly unknown[], page: number, filters: FilterValues) => [
  ...queryKey,
  { page, filters },
];
