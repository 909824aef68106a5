import { LABEL, MSG } from '@atk/contract';
import { SaveDialog } from '../../../components/FormDialog.tsx';
import { catalogueInstrumentsApi, catalogueKeys } from '../api.ts';
import { type InstrumentFields, InstrumentFormFields, instrumentBody } from './InstrumentFields.tsx';

/**
 * New Instrument of a song (docs/api.md "Catalogue screens"; width 30%): name, status (Pending unless chosen) and
 * performer name. It goes last among the song's instruments. Nothing is checked in the browser: the server's msg
 * is shown.
 */
export function InstrumentDialog({ songId, onClose }: { songId: string; onClose: () => void }) {
  return (
    <SaveDialog<InstrumentFields>
      title={LABEL.newInstrument}
      name="instrument-dialog"
      initialValues={{ is_published: 0 }}
      save={(fields) => catalogueInstrumentsApi.create({ ...instrumentBody(fields), song_id: songId })}
      success={MSG.createInstrumentSuccess}
      invalidate={[catalogueKeys.instruments]}
      onClose={onClose}
    >
      <InstrumentFormFields />
    </SaveDialog>
  );
}
