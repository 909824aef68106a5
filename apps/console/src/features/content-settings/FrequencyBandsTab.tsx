import {
  FREQUENCY_BAND_LABELS,
  FREQUENCY_BANDS,
  FREQUENCY_DESC_MAX,
  FREQUENCY_HZ_MAX,
  FREQUENCY_HZ_MIN,
  type FrequencyBands,
  LABEL,
  MSG,
} from '@atk/contract';
import { Col, Form, type FormRule, Input, InputNumber, Row } from 'antd';
import { FormTabFrame, useFormTab } from '../../components/FormTab.tsx';
import type { SettingTabProps } from './settingTabs.tsx';
import './content-settings.css';

type Band = (typeof FREQUENCY_BANDS)[number];
type BandsForm = Record<Band, { min?: number | null; max?: number | null; desc?: string }>;

const toContent = (form: Partial<BandsForm>): FrequencyBands =>
  Object.fromEntries(
    FREQUENCY_BANDS.map((band) => {
      const b = form[band] ?? {};
      return [band, { min: b.min as number, max: b.max as number, desc: (b.desc ?? '').trim() }];
    }),
  ) as FrequencyBands;

const inRange = (label: string): FormRule[] => [
  { required: true, message: `${label} is required` },
  { type: 'number', min: FREQUENCY_HZ_MIN, max: FREQUENCY_HZ_MAX, message: `${label} ${MSG.frequencyHzRange}` },
];

/**
 * Frequency Graph (/global/infos; docs/architecture.md "One way to write a console screen", Settings screens): the
 * seven bands the player's frequency graph shows, each with a minimum and a maximum in Hz (numeric, 1–24,000, the
 * minimum below the maximum: the server's rule, checked here first with the same words) and a description.
 */
export function FrequencyBandsTab({ binding, initial, save, saving, onCancel }: SettingTabProps<FrequencyBands>) {
  const tab = useFormTab({
    binding,
    fields: (): BandsForm => initial,
    toValue: (fields: BandsForm) => toContent(fields),
    save,
    saving,
  });
  const { form } = tab;

  const aboveMin = (band: Band): FormRule => ({
    validator: async (_, value: unknown) => {
      const min = form.getFieldValue([band, 'min']) as unknown;
      if (typeof value === 'number' && typeof min === 'number' && value <= min)
        throw new Error(`${LABEL.maxHz} ${MSG.frequencyMaxAboveMin}`);
    },
  });

  return (
    <FormTabFrame
      tab={tab}
      name="freq-graph"
      title={LABEL.tabFrequencyGraph}
      testId="tab-frequency-graph"
      onCancel={onCancel}
    >
      {FREQUENCY_BANDS.map((band, i) => (
        <fieldset key={band} className="bands__band" aria-label={FREQUENCY_BAND_LABELS[i]} data-testid={`band-${band}`}>
          <legend className="bands__name">{FREQUENCY_BAND_LABELS[i]}</legend>
          <Row gutter={16}>
            <Col xs={12} md={5}>
              <Form.Item name={[band, 'min']} label={LABEL.minHz} rules={inRange(LABEL.minHz)}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item
                name={[band, 'max']}
                label={LABEL.maxHz}
                dependencies={[[band, 'min']]}
                rules={[...inRange(LABEL.maxHz), aboveMin(band)]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={14}>
              <Form.Item
                name={[band, 'desc']}
                label={LABEL.description}
                rules={[
                  {
                    max: FREQUENCY_DESC_MAX,
                    message: `${LABEL.description} must be at most ${FREQUENCY_DESC_MAX} characters`,
                  },
                ]}
              >
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
      ))}
    </FormTabFrame>
  );
}
