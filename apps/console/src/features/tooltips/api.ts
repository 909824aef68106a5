/**
 * Tooltips of the player's features: the calls and the query keys of the feature.
 */
import {
  tooltipEndpoints as api,
  TOOLTIP_FEATURES,
  type TooltipCreate,
  type TooltipQuery,
  type TooltipUpdate,
} from '@atk/contract';
import { call } from '../../api/client.ts';

export const tooltipsApi = {
  list: (query: Omit<TooltipQuery, 'is_deleted'>) => call(api.list, { query: { ...query, is_deleted: false } }),
  create: (body: TooltipCreate) => call(api.create, { body }),
  update: (id: string, body: TooltipUpdate) => call(api.update, { params: { id }, body }),
  remove: (id: string) => call(api.remove, { params: { id } }),
};

export const tooltipKeys = {
  all: ['tooltips'] as const,
  list: () => [...tooltipKeys.all, 'list'] as const,
};

/** The ten features by name, their code the value (0 Gear … 9 AtkpWaveform). */
export const FEATURE_OPTIONS = TOOLTIP_FEATURES.map((name, code) => ({ value: code, label: name }));

export const featureName = (code: number) => TOOLTIP_FEATURES[code] ?? String(code);
