import { TECH, type TechSpecs } from '@atk/contract';

type Free = string | null | undefined;

/** The tech specs as the form holds them (every field present). */
export interface TechForm {
  basic: {
    interface: string[];
    category: string | null;
    type: string | null;
    diaphragm_class: string | null;
    ribbon_class: string | null;
    amplifier: string[];
    power: string | null;
  };
  amp_tra: { amplifier: Free; tube_type: Free; transformer: boolean; manufacturer: Free; part_name: Free };
  cap_dia: {
    capsule_style: Free;
    capsule_size: Free;
    capsule_materials: Free;
    termination: Free;
    diaphragm_size: Free;
    diaphragm_materials: Free;
  };
  patterns: { selection: string | null; multi_pattern: string | null };
  controls: {
    pattern_selector: string | null;
    pad: Free;
    high_pass: Free;
    other_filter: Free;
    modes: Free;
    special_controls: Free;
  };
  data: {
    output_impedance: Free;
    frequency_range: Free;
    self_noise: Free;
    max_spl: Free;
    signal_to_noise_ratio: Free;
  };
  physical: { weight: Free; height: Free; max_diameter: Free };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const oneOf = (values: readonly string[], v: unknown): string | null =>
  typeof v === 'string' && values.includes(v) ? v : null;
const manyOf = (values: readonly string[], v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && values.includes(x)) : [];

/** The stored tech specs (any shape) as form values. */
export function toTechForm(raw: unknown): TechForm {
  const t = obj(raw);
  const basic = obj(t.basic);
  const amp = obj(t.amp_tra);
  const cap = obj(t.cap_dia);
  const pat = obj(t.patterns);
  const ctl = obj(t.controls);
  const data = obj(t.data);
  const phy = obj(t.physical);
  return {
    basic: {
      interface: manyOf(TECH.interface, basic.interface),
      category: oneOf(TECH.category, basic.category),
      type: oneOf(TECH.type, basic.type),
      diaphragm_class: oneOf(TECH.diaphragm_class, basic.diaphragm_class),
      ribbon_class: oneOf(TECH.ribbon_class, basic.ribbon_class),
      amplifier: manyOf(TECH.amplifier, basic.amplifier),
      power: oneOf(TECH.power, basic.power),
    },
    amp_tra: {
      amplifier: str(amp.amplifier),
      tube_type: str(amp.tube_type),
      transformer: amp.transformer === true,
      manufacturer: str(amp.manufacturer),
      part_name: str(amp.part_name),
    },
    cap_dia: {
      capsule_style: str(cap.capsule_style),
      capsule_size: str(cap.capsule_size),
      capsule_materials: str(cap.capsule_materials),
      termination: str(cap.termination),
      diaphragm_size: str(cap.diaphragm_size),
      diaphragm_materials: str(cap.diaphragm_materials),
    },
    patterns: {
      selection: oneOf(TECH.selection, pat.selection),
      multi_pattern: oneOf(TECH.multi_pattern, pat.multi_pattern),
    },
    controls: {
      pattern_selector: oneOf(TECH.pattern_selector, ctl.pattern_selector),
      pad: str(ctl.pad),
      high_pass: str(ctl.high_pass),
      other_filter: str(ctl.other_filter),
      modes: str(ctl.modes),
      special_controls: str(ctl.special_controls),
    },
    data: {
      output_impedance: str(data.output_impedance),
      frequency_range: str(data.frequency_range),
      self_noise: str(data.self_noise),
      max_spl: str(data.max_spl),
      signal_to_noise_ratio: str(data.signal_to_noise_ratio),
    },
    physical: { weight: str(phy.weight), height: str(phy.height), max_diameter: str(phy.max_diameter) },
  };
}

/** Which dependent fields apply now. */
export function techRules(v: Pick<TechForm, 'basic' | 'amp_tra' | 'patterns'>) {
  const type = v.basic.type;
  const multi = v.patterns.selection === 'Multi-Pattern';
  return {
    diaphragmClass: type === 'condenser' || type === 'dynamic',
    ribbonClass: type === 'ribbon',
    tubeType: v.basic.amplifier.includes('Tube'),
    manufacturer: !v.amp_tra.transformer,
    partName: !v.amp_tra.transformer && Boolean(v.amp_tra.manufacturer?.trim()),
    multiPattern: multi,
    patternSelector: multi,
  };
}

const clean = (v: Free): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const cleanAll = <T extends Record<string, Free>>(o: T): { [K in keyof T]: string | null } =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, clean(v)])) as { [K in keyof T]: string | null };

/**
 * The content to save: text trimmed (empty → null), and every field whose dependency does not hold cleared,
 * so the server's rules pass. AES digital never goes with XLR analog or USB digital.
 */
export function toTechContent(v: TechForm): TechSpecs {
  const rules = techRules(v);
  let iface = [...v.basic.interface];
  if (iface.includes('AES digital') && iface.length > 1) iface = iface.filter((i) => i !== 'AES digital');
  const order = (values: readonly string[], chosen: string[]) => values.filter((x) => chosen.includes(x));
  return {
    basic: {
      interface: order(TECH.interface, iface) as TechSpecs['basic']['interface'],
      category: v.basic.category as TechSpecs['basic']['category'],
      type: v.basic.type as TechSpecs['basic']['type'],
      diaphragm_class: (rules.diaphragmClass ? v.basic.diaphragm_class : null) as TechSpecs['basic']['diaphragm_class'],
      ribbon_class: (rules.ribbonClass ? v.basic.ribbon_class : null) as TechSpecs['basic']['ribbon_class'],
      amplifier: order(TECH.amplifier, v.basic.amplifier) as TechSpecs['basic']['amplifier'],
      power: v.basic.power as TechSpecs['basic']['power'],
    },
    amp_tra: {
      amplifier: clean(v.amp_tra.amplifier),
      tube_type: rules.tubeType ? clean(v.amp_tra.tube_type) : null,
      transformer: Boolean(v.amp_tra.transformer),
      manufacturer: rules.manufacturer ? clean(v.amp_tra.manufacturer) : null,
      part_name: rules.partName ? clean(v.amp_tra.part_name) : null,
    },
    cap_dia: cleanAll(v.cap_dia),
    patterns: {
      selection: v.patterns.selection as TechSpecs['patterns']['selection'],
      multi_pattern: (rules.multiPattern ? v.patterns.multi_pattern : null) as TechSpecs['patterns']['multi_pattern'],
    },
    controls: {
      ...cleanAll({
        pad: v.controls.pad,
        high_pass: v.controls.high_pass,
        other_filter: v.controls.other_filter,
        modes: v.controls.modes,
        special_controls: v.controls.special_controls,
      }),
      pattern_selector: (rules.patternSelector
        ? v.controls.pattern_selector
        : null) as TechSpecs['controls']['pattern_selector'],
    },
    data: cleanAll(v.data),
    physical: cleanAll(v.physical),
  };
}
