/** The Tech Specs panel's rows. */
import { expect, test } from 'vitest';
import { techSections, techValue } from '../src/shared/techspecs.ts';

test('tech specs become labelled rows of the non-empty fields, sections in the console order', () => {
  const sections = techSections({
    physical: { weight: '780 g', height: '', max_diameter: null },
    basic: { interface: ['XLR analog', 'USB digital'], type: 'ribbon', amplifier: [], ribbon_class: 'large' },
    amp_tra: { transformer: false, tube_type: null },
    data: { self_noise: '12 dB-A', custom_field: 42 },
  });
  expect(sections).toEqual([
    {
      key: 'basic',
      title: 'BASICS',
      rows: [
        { label: 'Interface', value: 'XLR analog, USB digital' },
        { label: 'Type', value: 'Ribbon' },
        { label: 'Ribbon class', value: 'Large' },
      ],
    },
    {
      key: 'data',
      title: 'DATA',
      rows: [
        { label: 'Self-noise', value: '12 dB-A' },
        { label: 'Custom field', value: '42' },
      ],
    },
    { key: 'physical', title: 'PHYSICAL', rows: [{ label: 'Weight', value: '780 g' }] },
  ]);
  expect(techValue(true)).toBe('Yes');
  expect(techSections(null)).toEqual([]);
});
