import { LABEL, MSG } from '@atk/contract';
import { useSave } from '../../../api/useSave.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { catalogueInstrumentsApi, catalogueKeys } from '../api.ts';
import { type InstrumentFields, InstrumentFormFields, instrumentBody } from './InstrumentFields.tsx';

/**
 * New Instrument of a song (spec 2 §2; width 30%): name, status (Pending unless chosen) and performer name. It goes
 * last among the song's instruments. Nothing is checked in the browser (spec 2 §5): the server's msg is shown.
 */
export function InstrumentDialog({ songId, onClose }: { songId: string; onClose: () => void }) {
  const save = useSave({
    save: (fields: InstrumentFields) => catalogueInstrumentsApi.create({ ...instrumentBody(fields), song_id: songId }),
    success: MSG.createInstrumentSuccess,
    invalidate: [catalogueKeys.instruments],
  });
  return (
    <FormDialog<InstrumentFields>
      open
      title={LABEL.newInstrument}
      name="instrument-dialog"
      initialValues={{ is_published: 0 }}
      onSubmit={save.mutateAsync}
      onClose={onClose}
    >
      <InstrumentFormFields />
    </FormDialog>
  );
}
