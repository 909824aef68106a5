import { type Instrument, LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Result } from 'antd';
import { useParams } from 'react-router';
import { useSave } from '../../../api/useSave.ts';
import { EDIT_FORM_LAYOUT, EditFrame } from '../../../components/EditFrame.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { catalogueInstrumentsApi, catalogueKeys } from '../api.ts';
import { type InstrumentFields, InstrumentFormFields, instrumentBody } from './InstrumentFields.tsx';

/**
 * INSTRUMENT EDIT (spec 2 §2 /global/instruments/{id}/edit): name, status and performer name; SAVE CHANGES, and
 * CANCEL goes back (to its song's edit page when opened directly).
 */
export default function InstrumentEditPage() {
  const { id = '' } = useParams();
  const instrument = useQuery({
    queryKey: catalogueKeys.instrument(id),
    queryFn: () => catalogueInstrumentsApi.read(id),
  });
  if (instrument.isPending) return <PageSpinner />;
  if (instrument.error) return <Result status="warning" title={instrument.error.message} />;
  return <InstrumentForm key={instrument.data.updated_at} instrument={instrument.data} />;
}

function InstrumentForm({ instrument }: { instrument: Instrument }) {
  const [form] = Form.useForm<InstrumentFields>();
  const save = useSave({
    // the fields the server refuses show in red under them (docs/api.md "Refused fields")
    form,
    save: (fields: InstrumentFields) => catalogueInstrumentsApi.update(instrument._id, instrumentBody(fields)),
    success: MSG.updateInstrumentSuccess,
    invalidate: [catalogueKeys.instruments],
  });
  return (
    <EditFrame
      title={LABEL.instrumentEdit}
      subtitle={instrument.name}
      fallback={`/global/songs/${instrument.song_id}/edit`}
      onSave={() => form.submit()}
      saving={save.isPending}
      testId="instrument-edit"
    >
      <Form<InstrumentFields>
        form={form}
        name="instrument-edit"
        {...EDIT_FORM_LAYOUT}
        initialValues={{
          name: instrument.name,
          is_published: instrument.is_published,
          performer_name: instrument.performer ?? '',
        }}
        onFinish={(fields) => save.mutate(fields)}
      >
        <InstrumentFormFields statusWidth={200} />
      </Form>
    </EditFrame>
  );
}
