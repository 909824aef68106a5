import {
  INSTRUMENT_FIELD_LABELS,
  INSTRUMENT_FIELDS,
  type InstrumentBody,
  type InstrumentField,
  LABEL,
} from '@atk/contract';
import { Col, Form, Input, Row } from 'antd';
import { FormDialog } from '../../../components/FormDialog.tsx';

/** The recording fields of a source, but performer_name: the performer itself, its own field. */
const RECORDING = INSTRUMENT_FIELDS.filter((f) => f !== 'performer_name');

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
            <Form.Item name={f} label={INSTRUMENT_FIELD_LABELS[f]}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormDialog>
  );
}
