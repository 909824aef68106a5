import {
  INSTRUMENT_FIELD_LABELS,
  INSTRUMENT_FIELDS,
  type InstrumentBody,
  type InstrumentField,
  LABEL,
} from '@atk/contract';
import { Col, Form, Input, Row } from 'antd';
import { NewEditDialog, type NewEditDialogProps } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/RecordFields.tsx';

/** The recording fields of a source, but performer_name: the performer itself, its own field. */
const RECORDING = INSTRUMENT_FIELDS.filter((f) => f !== 'performer_name');

export type SourceFields = { name: string; performer: string } & Partial<Record<InstrumentField, string>>;

const TITLES = { new: LABEL.newSource, edit: LABEL.editSource };
const EMPTY: SourceFields = { name: '', performer: '' };
const toBody = (values: SourceFields): InstrumentBody => {
  const body: InstrumentBody = { name: (values.name ?? '').trim(), performer: values.performer?.trim() || null };
  body.performer_name = body.performer;
  for (const f of RECORDING) body[f] = values[f]?.trim() || null;
  return body;
};

/** The source (instrument) dialog: name, performer and the recording fields; width 770 px. */
export function SourceDialog(props: NewEditDialogProps<SourceFields, InstrumentBody>) {
  return (
    <NewEditDialog {...props} titles={TITLES} name="source" empty={EMPTY} toBody={toBody}>
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
          <TextField name="performer" label="Performer" maxLength={500} />
        </Col>
        {RECORDING.map((f) => (
          <Col xs={24} md={12} key={f}>
            <TextField name={f} label={INSTRUMENT_FIELD_LABELS[f]} maxLength={500} />
          </Col>
        ))}
      </Row>
    </NewEditDialog>
  );
}
