import { LABEL } from '@atk/contract';
import { NewEditDialog, type NewEditDialogProps } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/RecordFields.tsx';

export interface SongFields {
  name: string;
  song_writer: string;
}

const TITLES = { new: LABEL.newSong, edit: LABEL.editSong };
const EMPTY: SongFields = { name: '', song_writer: '' };
const trimmed = (values: SongFields): SongFields => ({
  name: (values.name ?? '').trim(),
  song_writer: (values.song_writer ?? '').trim(),
});

/**
 * The new-song and EDIT SONG dialogs: song name and artist name, width 770 px. No client-side required checks
 * (docs/api.md "Refused fields"): the server's msg is shown on failure.
 */
export function SongDialog(props: NewEditDialogProps<SongFields>) {
  return (
    <NewEditDialog {...props} titles={TITLES} name="song" empty={EMPTY} toBody={trimmed}>
      <TextField name="name" label="Song name" />
      <TextField name="song_writer" label="Artist name" />
    </NewEditDialog>
  );
}
