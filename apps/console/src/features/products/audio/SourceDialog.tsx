import { INSTRUMENT_FIELDS, type InstrumentBody, type InstrumentField, LABEL } from '@atk/contract';
import { Col, Form, Input, Row } from 'antd';
import { FormDialog } from '../../../components/FormDialog.tsx';

/** The recording fields of a source (spec 2 §3), performer_name being the performer itself. */
export const RECORDING_LABELS: Record<Exclude<InstrumentField, 'performer_name'>, string> = {
  instrument_brand: 'Instrument brand',
  instrument_details: 'Instrument details',
  producer_engineer: 'Producer/Engineer',
  room_studio: 'Room/Studio',
  mic_distance_source: 'Mic distance from source',
  mic_axis: 'Mic axis',
  mic_cable_brand: 'Mic cable brand',
  preamp_brand: 'Preamp brand',
  additional_pre_processing: 'Additional pre-processing',
  a_d_converter: 'A/D converter',
  additional_post_processing: 'Additional post-processing',
};
const RECORDING = INSTRUMENT_FIELDS.filter((f) => f !== 'performer_name') as (keyof typeof RECORDING_LABELS)[];

export type SourceFields = { name: string; performer: string } & Partial<Record<InstrumentField, string>>;

/** The source (instrument) dialog: name, performer and the recording fields; width 770 px. */
export function SourceDialog({
  open,
  mode,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'new' | 'edit';
  initial?: SourceFields;
  onSubmit: (body: InstrumentBody) => Promise<boolean>;
  onClose: () => void;
}) {
  const toBody = (values: SourceFields): InstrumentBody => {
    const body: InstrumentBody = { name: (values.name ?? '').trim(), performer: values.performer?.trim() || null };
    body.performer_name = body.performer;
    for (const f of RECORDING) body[f] = values[f]?.trim() || null;
    return body;
  };

  return (
    <FormDialog<SourceFields>
      open={open}
      title={mode === 'new' ? LABEL.newSource : LABEL.editSource}
      name={`source-${mode}`}
      width={770}
      initialValues={initial ?? { name: '', performer: '' }}
      onSubmit={(values) => onSubmit(toBody(values))}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label="Source name"
            rules={[{ required: true, whitespace: true, message: 'Source name is required' }]}
          >
            <Input maxLength={200} placeholder="e.g. Lead vocal" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="performer" label="Performer">
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        {RECORDING.map((f) => (
          <Col xs={24} md={12} key={f}>
            <Form.Item name={f} label={RECORDING_LABELS[f]}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormDialog>
  );
}
