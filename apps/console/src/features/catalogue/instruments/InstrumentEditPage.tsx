import { LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RecordEditPage } from '../../../components/RecordEditPage.tsx';
import { catalogueInstrumentsApi, catalogueKeys } from '../api.ts';
import { type InstrumentFields, InstrumentFormFields, instrumentBody } from './InstrumentFields.tsx';

/**
 * INSTRUMENT EDIT (/global/instruments/{id}/edit; docs/api.md "Catalogue screens"): name, status and performer
 * name; SAVE CHANGES, and CANCEL goes back (to its song's edit page when opened directly).
 */
export default function InstrumentEditPage() {
  const { id = '' } = useParams();
  const instrument = useQuery({
    queryKey: catalogueKeys.instrument(id),
    queryFn: () => catalogueInstrumentsApi.read(id),
  });
  return (
    <RecordEditPage
      record={instrument}
      title={LABEL.instrumentEdit}
      subtitle={(i) => i.name}
      fallback={(i) => `/global/songs/${i.song_id}/edit`}
      name="instrument-edit"
      version={(i) => i.updated_at}
      initial={(i): InstrumentFields => ({
        name: i.name,
        is_published: i.is_published,
        performer_name: i.performer ?? '',
      })}
      save={(fields, i) => catalogueInstrumentsApi.update(i._id, instrumentBody(fields))}
      success={MSG.updateInstrumentSuccess}
      invalidate={[catalogueKeys.instruments]}
      fields={() => <InstrumentFormFields statusWidth={200} />}
    />
  );
}
