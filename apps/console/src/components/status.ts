import { LABEL } from '@atk/contract';

/** Status 1 Active, 0 Pending (spec 3 §9). */
export const STATUS_OPTIONS = [
  { value: 1, label: LABEL.statusActive },
  { value: 0, label: LABEL.statusPending },
];

/** A status filter of a list: All, Active, Pending (spec 2 §2); All sends no filter. */
export const STATUS_FILTER_OPTIONS = [{ value: '', label: 'All' }, ...STATUS_OPTIONS];

export const statusText = (status: number | null | undefined) =>
  status === 1 ? LABEL.statusActive : LABEL.statusPending;
