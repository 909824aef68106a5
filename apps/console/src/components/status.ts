import { LABEL } from '@atk/contract';

/** Status 1 Active, 0 Pending. */
export const STATUS_OPTIONS = [
  { value: 1, label: LABEL.statusActive },
  { value: 0, label: LABEL.statusPending },
];

/** A status filter of a list: All, Active, Pending; All sends no filter. */
export const STATUS_FILTER_OPTIONS = [{ value: '', label: 'All' }, ...STATUS_OPTIONS];

export const statusText = (status: number | null | undefined) =>
  status === 1 ? LABEL.statusActive : LABEL.statusPending;
