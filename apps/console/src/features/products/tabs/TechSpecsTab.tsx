import { LABEL, TECH, TECH_LIMITS, techOptionLabel } from '@atk/contract';
import { Checkbox, Col, Collapse, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { FormTabFrame, useFormTab } from '../../../components/FormTab.tsx';
import { type TabProps, useSaveSection } from '../context.ts';
import { type TechForm, techRules, toTechContent, toTechForm } from './techSpecs.ts';

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: techOptionLabel(v) }));

function Text({ name, label, max = 200 }: { name: [string, string]; label: string; max?: number }) {
  return (
    <Col xs={24} md={12} lg={8}>
      <Form.Item name={name} label={label}>
        <Input maxLength={max} showCount={max < 200} />
      </Form.Item>
    </Col>
  );
}

function Choice({ name, label, values }: { name: [string, string]; label: string; values: readonly string[] }) {
  return (
    <Col xs={24} md={12} lg={8}>
      <Form.Item name={name} label={label}>
        <Select allowClear options={opts(values)} />
      </Form.Item>
    </Col>
  );
}

const SECTIONS = ['basic', 'amp_tra', 'cap_dia', 'patterns', 'controls', 'data', 'physical'] as const;

/**
 * Tech Specs (docs/api.md "Brand content"): the sections BASICS … PHYSICAL with every field, and the dependencies
 * between them (the contract's tech-spec schema).
 * A field whose dependency does not hold is hidden and cleared when saving.
 */
export function TechSpecsTab({ product, scope, binding }: TabProps) {
  const section = useSaveSection(scope, product._id);
  const tab = useFormTab({
    binding,
    fields: () => toTechForm(product.tech_specs),
    toValue: (fields: TechForm) => toTechContent(fields),
    save: (content) => section.save({ type: 'tech_specs', content }),
    saving: section.saving,
  });
  const { form, initial } = tab;

  const iface = (Form.useWatch(['basic', 'interface'], form) as string[] | undefined) ?? initial.basic.interface;
  const watched = {
    basic: {
      ...initial.basic,
      type: (Form.useWatch(['basic', 'type'], form) as string | null | undefined) ?? null,
      amplifier: (Form.useWatch(['basic', 'amplifier'], form) as string[] | undefined) ?? initial.basic.amplifier,
    },
    amp_tra: {
      ...initial.amp_tra,
      transformer: Boolean(Form.useWatch(['amp_tra', 'transformer'], form) ?? initial.amp_tra.transformer),
      manufacturer: (Form.useWatch(['amp_tra', 'manufacturer'], form) as string | null | undefined) ?? null,
    },
    patterns: {
      ...initial.patterns,
      selection: (Form.useWatch(['patterns', 'selection'], form) as string | null | undefined) ?? null,
    },
  };
  const rules = techRules(watched);
  const aes = iface.includes('AES digital');
  const analogOrUsb = iface.some((i) => i !== 'AES digital');

  const panels: { key: (typeof SECTIONS)[number]; label: string; body: ReactNode }[] = [
    {
      key: 'basic',
      label: LABEL.techBasics,
      body: (
        <Row gutter={16}>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name={['basic', 'interface']} label="Interface">
              <Checkbox.Group
                options={TECH.interface.map((v) => ({
                  value: v,
                  label: techOptionLabel(v),
                  disabled: v === 'AES digital' ? analogOrUsb : aes,
                }))}
              />
            </Form.Item>
          </Col>
          <Choice name={['basic', 'category']} label="Category" values={TECH.category} />
          <Choice name={['basic', 'type']} label="Type" values={TECH.type} />
          {rules.diaphragmClass && (
            <Choice name={['basic', 'diaphragm_class']} label="Diaphragm class" values={TECH.diaphragm_class} />
          )}
          {rules.ribbonClass && (
            <Choice name={['basic', 'ribbon_class']} label="Ribbon class" values={TECH.ribbon_class} />
          )}
          <Col xs={24} md={12} lg={8}>
            <Form.Item name={['basic', 'amplifier']} label="Amplifier">
              <Checkbox.Group options={opts(TECH.amplifier)} />
            </Form.Item>
          </Col>
          <Choice name={['basic', 'power']} label="Power" values={TECH.power} />
        </Row>
      ),
    },
    {
      key: 'amp_tra',
      label: LABEL.techAmpTra,
      body: (
        <Row gutter={16}>
          <Text name={['amp_tra', 'amplifier']} label="Amplifier details" />
          {rules.tubeType && <Text name={['amp_tra', 'tube_type']} label="Tube Type" />}
          <Col xs={24} md={12} lg={8}>
            <Form.Item name={['amp_tra', 'transformer']} label="Transformer" valuePropName="checked">
              <Checkbox>Transformerless</Checkbox>
            </Form.Item>
          </Col>
          {rules.manufacturer && <Text name={['amp_tra', 'manufacturer']} label="Made by" />}
          {rules.partName && <Text name={['amp_tra', 'part_name']} label="Part Name" />}
        </Row>
      ),
    },
    {
      key: 'cap_dia',
      label: LABEL.techCapDia,
      body: (
        <Row gutter={16}>
          <Text name={['cap_dia', 'capsule_style']} label="Capsule style" />
          <Text name={['cap_dia', 'capsule_size']} label="Capsule size" />
          <Text name={['cap_dia', 'capsule_materials']} label="Capsule materials" />
          <Text name={['cap_dia', 'termination']} label="Termination" />
          <Text name={['cap_dia', 'diaphragm_size']} label="Diaphragm size" />
          <Text
            name={['cap_dia', 'diaphragm_materials']}
            label="Diaphragm materials"
            max={TECH_LIMITS.diaphragm_materials}
          />
        </Row>
      ),
    },
    {
      key: 'patterns',
      label: LABEL.techPatterns,
      body: (
        <Row gutter={16}>
          <Choice name={['patterns', 'selection']} label="Pattern" values={TECH.selection} />
          {rules.multiPattern && (
            <Choice name={['patterns', 'multi_pattern']} label="Multi Patterns" values={TECH.multi_pattern} />
          )}
        </Row>
      ),
    },
    {
      key: 'controls',
      label: LABEL.techControls,
      body: (
        <Row gutter={16}>
          {rules.patternSelector && (
            <Choice name={['controls', 'pattern_selector']} label="Pattern Selector" values={TECH.pattern_selector} />
          )}
          <Text name={['controls', 'pad']} label="Pad" />
          <Text name={['controls', 'high_pass']} label="High pass" />
          <Text name={['controls', 'other_filter']} label="Other filter" max={TECH_LIMITS.other_filter} />
          <Text name={['controls', 'modes']} label="Modes" max={TECH_LIMITS.modes} />
          <Text name={['controls', 'special_controls']} label="Special controls" max={TECH_LIMITS.special_controls} />
        </Row>
      ),
    },
    {
      key: 'data',
      label: LABEL.techData,
      body: (
        <Row gutter={16}>
          <Text name={['data', 'output_impedance']} label="Output impedance" />
          <Text name={['data', 'frequency_range']} label="Frequency range" />
          <Text name={['data', 'self_noise']} label="Self noise" />
          <Text name={['data', 'max_spl']} label="Max SPL" />
          <Text name={['data', 'signal_to_noise_ratio']} label="Signal-to-noise ratio" />
        </Row>
      ),
    },
    {
      key: 'physical',
      label: LABEL.techPhysical,
      body: (
        <Row gutter={16}>
          <Text name={['physical', 'weight']} label="Weight" />
          <Text name={['physical', 'height']} label="Height" />
          <Text name={['physical', 'max_diameter']} label="Max diameter" />
        </Row>
      ),
    },
  ];

  return (
    <FormTabFrame tab={tab} name="product-tech-specs" title={LABEL.tabTechSpecs} testId="tab-tech-specs">
      <Collapse
        defaultActiveKey={[...SECTIONS]}
        items={panels.map((p) => ({ key: p.key, label: p.label, children: p.body, forceRender: true }))}
      />
    </FormTabFrame>
  );
}
