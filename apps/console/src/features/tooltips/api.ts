/**
 * Tooltips of the player's features (spec 2 §2 Tooltips, §7): the calls and the query keys of the feature.
 */
import {
  type ListData,
  TOOLTIP_FEATURES,
  type Tooltip,
  type TooltipCreate,
  type TooltipQuery,
  type TooltipUpdate,
} from '@atk/contract';
import { del, get, post, put } from '../../api/client.ts';

const enc = encodeURIComponent;

export const tooltipsApi = {
  list: (query: Omit<TooltipQuery, 'is_deleted'>) =>
    get<ListData<Tooltip>>('/admin/tooltips', { query: { ...query, is_deleted: false } }),
  create: (fields: TooltipCreate) => post<Tooltip>('/admin/tooltips', fields),
  update: (id: string, fields: TooltipUpdate) => put<Tooltip>(`/admin/tooltips/${enc(id)}`, fields),
  remove: (id: string) => del<null>(`/admin/tooltips/${enc(id)}`),
};

export const tooltipKeys = {
  all: ['tooltips'] as const,
  list: () => [...tooltipKeys.all, 'list'] as const,
};

/** The ten features by name, their code the value (0 Gear … 9 AtkpWaveform). */
export const FEATURE_OPTIONS = TOOLTIP_FEATURES.map((name, code) => ({ value: code, label: name }));

export const featureName = (code: number) => TOOLTIP_FEATURES[code] ?? String(code);
