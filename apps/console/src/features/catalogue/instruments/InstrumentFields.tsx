import { Form, Input } from 'antd';
import { NameStatusFields } from '../../../components/RecordFields.tsx';

/** What the catalogue's instrument forms edit: name, status and performer name. */
export interface InstrumentFields {
  name: string;
  is_published: 0 | 1;
  performer_name?: string | null;
}

export function InstrumentFormFields({ statusWidth }: { statusWidth?: number }) {
  return (
    <>
      <NameStatusFields statusWidth={statusWidth} />
      <Form.Item name="performer_name" label="Performer name">
        <Input maxLength={500} />
      </Form.Item>
    </>
  );
}

/** The body sent: the name trimmed, an empty performer name cleared (`performer` is the same field). */
export const instrumentBody = (fields: InstrumentFields) => {
  const performer = fields.performer_name?.trim() || null;
  return { name: fields.name?.trim() ?? '', is_published: fields.is_published, performer_name: performer, performer };
};
