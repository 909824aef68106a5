import { TECH, techOptionLabel } from '@atk/contract/constants';

/** The tech specs as a readable table: sections in the console's order, only the fields that hold something. */

/** The fields whose label is not their key in words ('diaphragm_class' → 'Diaphragm class'). */
const LABELS: Readonly<Record<string, string>> = {
  transformer: 'Transformerless',
  manufacturer: 'Transformer made by',
  selection: 'Polar pattern',
  multi_pattern: 'Multi patterns',
  high_pass: 'High-pass filter',
  self_noise: 'Self-noise',
  max_spl: 'Max SPL',
  signal_to_noise_ratio: 'Signal-to-noise ratio',
};

/** The console's sections, in its order: key, title and the fields' keys (space-separated: a smaller app chunk). */
export const TECH_SECTIONS: readonly { key: string; title: string; fields: string }[] = [
  { key: 'basic', title: 'BASICS', fields: 'interface category type diaphragm_class ribbon_class amplifier power' },
  {
    key: 'amp_tra',
    title: 'AMPLIFIER & TRANSFORMER',
    fields: 'amplifier tube_type transformer manufacturer part_name',
  },
  {
    key: 'cap_dia',
    title: 'CAPSULE & DIAPHRAGM',
    fields: 'capsule_style capsule_size capsule_materials termination diaphragm_size diaphragm_materials',
  },
  { key: 'patterns', title: 'PATTERNS', fields: 'selection multi_pattern' },
  {
    key: 'controls',
    title: 'CONTROLS (PADS, FILTERS, MODES)',
    fields: 'pattern_selector pad high_pass other_filter modes special_controls',
  },
  { key: 'data', title: 'DATA', fields: 'output_impedance frequency_range self_noise max_spl signal_to_noise_ratio' },
  { key: 'physical', title: 'PHYSICAL', fields: 'weight height max_diameter' },
];

export interface TechSection {
  key: string;
  title: string;
  rows: { label: string; value: string }[];
}

/** A field's value as text; '' for nothing (null, blank, empty list, false). Options are shown as the console shows them. */
export function techValue(value: unknown, option = false): string {
  if (value === true) return 'Yes';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return option ? techOptionLabel(value.trim()) : value.trim();
  if (Array.isArray(value))
    return value
      .map((v) => techValue(v, option))
      .filter((v) => v !== '')
      .join(', ');
  return '';
}

const humanise = (key: string) => {
  const text = key.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Non-empty sections with their non-empty rows; fields the table does not know come after, named from the key. */
export function techSections(specs: unknown): TechSection[] {
  if (!specs || typeof specs !== 'object') return [];
  const all = specs as Record<string, unknown>;
  const known = new Set(TECH_SECTIONS.map((s) => s.key));
  const sections = [
    ...TECH_SECTIONS,
    ...Object.keys(all)
      .filter((k) => !known.has(k))
      .map((key) => ({ key, title: humanise(key).toUpperCase(), fields: '' })),
  ];
  const out: TechSection[] = [];
  for (const section of sections) {
    const values = all[section.key];
    if (!values || typeof values !== 'object' || Array.isArray(values)) continue;
    const fields = values as Record<string, unknown>;
    const labelled = section.fields ? section.fields.split(' ') : [];
    const rows = [
      ...labelled.map((key) => ({ label: LABELS[key] ?? humanise(key), value: techValue(fields[key], key in TECH) })),
      ...Object.keys(fields)
        .filter((k) => !labelled.includes(k))
        .map((k) => ({ label: humanise(k), value: techValue(fields[k]) })),
    ].filter((r) => r.value !== '');
    if (rows.length) out.push({ key: section.key, title: section.title, rows });
  }
  return out;
}
