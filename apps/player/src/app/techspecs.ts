import { TECH, techOptionLabel } from '@atk/contract/constants';

/** The tech specs as a readable table: sections in the console's order, only the fields that hold something. */

type Labels = readonly (readonly [key: string, label: string])[];

export const TECH_SECTIONS: readonly { key: string; title: string; fields: Labels }[] = [
  {
    key: 'basic',
    title: 'BASICS',
    fields: [
      ['interface', 'Interface'],
      ['category', 'Category'],
      ['type', 'Type'],
      ['diaphragm_class', 'Diaphragm class'],
      ['ribbon_class', 'Ribbon class'],
      ['amplifier', 'Amplifier'],
      ['power', 'Power'],
    ],
  },
  {
    key: 'amp_tra',
    title: 'AMPLIFIER & TRANSFORMER',
    fields: [
      ['amplifier', 'Amplifier'],
      ['tube_type', 'Tube type'],
      ['transformer', 'Transformerless'],
      ['manufacturer', 'Transformer made by'],
      ['part_name', 'Part name'],
    ],
  },
  {
    key: 'cap_dia',
    title: 'CAPSULE & DIAPHRAGM',
    fields: [
      ['capsule_style', 'Capsule style'],
      ['capsule_size', 'Capsule size'],
      ['capsule_materials', 'Capsule materials'],
      ['termination', 'Termination'],
      ['diaphragm_size', 'Diaphragm size'],
      ['diaphragm_materials', 'Diaphragm materials'],
    ],
  },
  {
    key: 'patterns',
    title: 'PATTERNS',
    fields: [
      ['selection', 'Polar pattern'],
      ['multi_pattern', 'Multi patterns'],
    ],
  },
  {
    key: 'controls',
    title: 'CONTROLS (PADS, FILTERS, MODES)',
    fields: [
      ['pattern_selector', 'Pattern selector'],
      ['pad', 'Pad'],
      ['high_pass', 'High-pass filter'],
      ['other_filter', 'Other filter'],
      ['modes', 'Modes'],
      ['special_controls', 'Special controls'],
    ],
  },
  {
    key: 'data',
    title: 'DATA',
    fields: [
      ['output_impedance', 'Output impedance'],
      ['frequency_range', 'Frequency range'],
      ['self_noise', 'Self-noise'],
      ['max_spl', 'Max SPL'],
      ['signal_to_noise_ratio', 'Signal-to-noise ratio'],
    ],
  },
  {
    key: 'physical',
    title: 'PHYSICAL',
    fields: [
      ['weight', 'Weight'],
      ['height', 'Height'],
      ['max_diameter', 'Max diameter'],
    ],
  },
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
      .map((key) => ({ key, title: humanise(key).toUpperCase(), fields: [] as Labels })),
  ];
  const out: TechSection[] = [];
  for (const section of sections) {
    const values = all[section.key];
    if (!values || typeof values !== 'object' || Array.isArray(values)) continue;
    const fields = values as Record<string, unknown>;
    const labelled = new Set(section.fields.map(([k]) => k));
    const rows = [
      ...section.fields.map(([key, label]) => ({ label, value: techValue(fields[key], key in TECH) })),
      ...Object.keys(fields)
        .filter((k) => !labelled.has(k))
        .map((k) => ({ label: humanise(k), value: techValue(fields[k]) })),
    ].filter((r) => r.value !== '');
    if (rows.length) out.push({ key: section.key, title: section.title, rows });
  }
  return out;
}
