import { z } from 'zod';
import { TECH } from '../constants.ts';
import { safeString, says, text } from './common.ts';

// ── Tech specs: fields, their dependencies and limits (docs/api.md "Brand content") ─────────────────

export const TECH_LIMITS = { diaphragm_materials: 30, other_filter: 21, modes: 40, special_controls: 21 } as const;

const one = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .enum(values, { error: `must be one of: ${values.join(', ')}` })
    .nullish()
    .describe(`${what}: one of ${values.join(', ')}.`);
const many = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .array(z.enum(values, { error: `must be among: ${values.join(', ')}` }))
    .default([])
    .describe(`${what}: any of ${values.join(', ')}.`);
const limited = (max: number, what: string) =>
  safeString()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .describe(`${what}, up to ${max} characters.`);
const free = (what: string) => text(200).describe(`${what}, up to 200 characters.`);

export const techSpecs = z
  .object({
    basic: z
      .object({
        interface: many(TECH.interface, 'Its interfaces (AES digital alone)'),
        category: one(TECH.category, 'Its category'),
        type: one(TECH.type, 'Its type'),
        diaphragm_class: one(TECH.diaphragm_class, 'Its diaphragm class (condenser or dynamic only)'),
        ribbon_class: one(TECH.ribbon_class, 'Its ribbon class (ribbon only)'),
        amplifier: many(TECH.amplifier, 'Its amplifiers'),
        power: one(TECH.power, 'Its power'),
      })
      .default({ interface: [], amplifier: [] })
      .describe('Interface, category, type, classes, amplifier, power.'),
    amp_tra: z
      .object({
        amplifier: free('The amplifier'),
        tube_type: free('The tube type (when the amplifier includes Tube)'),
        /** The Transformerless checkbox: true when the product has no transformer. */
        transformer: z
          .boolean(says('must be true or false'))
          .default(false)
          .describe('Transformerless: true when it has no transformer.'),
        manufacturer: free("The transformer's maker (when not transformerless)"),
        part_name: free("The transformer's part name (when a maker is set)"),
      })
      .default({ transformer: false })
      .describe('Amplifier and transformer.'),
    cap_dia: z
      .object({
        capsule_style: free('The capsule style'),
        capsule_size: free('The capsule size'),
        capsule_materials: free('The capsule materials'),
        termination: free('The termination'),
        diaphragm_size: free('The diaphragm size'),
        diaphragm_materials: limited(TECH_LIMITS.diaphragm_materials, 'The diaphragm materials'),
      })
      .default({})
      .describe('Capsule and diaphragm.'),
    patterns: z
      .object({
        selection: one(TECH.selection, 'Its polar pattern selection'),
        multi_pattern: one(TECH.multi_pattern, 'Its patterns (Multi-Pattern only)'),
      })
      .default({})
      .describe('Polar patterns.'),
    controls: z
      .object({
        pattern_selector: one(TECH.pattern_selector, 'Its pattern selector (Multi-Pattern only)'),
        pad: free('The pad'),
        high_pass: free('The high-pass filter'),
        other_filter: limited(TECH_LIMITS.other_filter, 'Other filters'),
        modes: limited(TECH_LIMITS.modes, 'The modes'),
        special_controls: limited(TECH_LIMITS.special_controls, 'Special controls'),
      })
      .default({})
      .describe('Controls.'),
    data: z
      .object({
        output_impedance: free('The output impedance'),
        frequency_range: free('The frequency range'),
        self_noise: free('The self noise'),
        max_spl: free('The maximum SPL'),
        signal_to_noise_ratio: free('The signal-to-noise ratio'),
      })
      .default({})
      .describe('Measured data.'),
    physical: z
      .object({ weight: free('The weight'), height: free('The height'), max_diameter: free('The maximum diameter') })
      .default({})
      .describe('Size and weight.'),
  })
  .superRefine((t, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const iface = t.basic.interface;
    if (iface.includes('AES digital') && iface.some((i) => i !== 'AES digital'))
      fail(['basic', 'interface'], 'AES digital cannot be combined with XLR analog or USB digital');
    if (t.basic.diaphragm_class && t.basic.type !== 'condenser' && t.basic.type !== 'dynamic')
      fail(['basic', 'diaphragm_class'], 'applies only to condenser or dynamic microphones');
    if (t.basic.ribbon_class && t.basic.type !== 'ribbon')
      fail(['basic', 'ribbon_class'], 'applies only to ribbon microphones');
    if (t.amp_tra.tube_type && !t.basic.amplifier.includes('Tube'))
      fail(['amp_tra', 'tube_type'], 'applies only when the amplifier includes Tube');
    if (t.amp_tra.manufacturer && t.amp_tra.transformer)
      fail(['amp_tra', 'manufacturer'], 'applies only when Transformerless is off');
    if (t.amp_tra.part_name && (t.amp_tra.transformer || !t.amp_tra.manufacturer))
      fail(['amp_tra', 'part_name'], 'applies only when Transformerless is off and a maker is set');
    const multi = t.patterns.selection === 'Multi-Pattern';
    if (t.patterns.multi_pattern && !multi) fail(['patterns', 'multi_pattern'], 'applies only to Multi-Pattern');
    if (t.controls.pattern_selector && !multi) fail(['controls', 'pattern_selector'], 'applies only to Multi-Pattern');
  });
export type TechSpecs = z.infer<typeof techSpecs>;
