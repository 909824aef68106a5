import { LABEL, type SongType } from '@atk/contract';
import { Form, Radio } from 'antd';
import { NewEditDialog, type NewEditDialogProps } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/RecordFields.tsx';

export interface SongFields {
  name: string;
  song_writer: string;
  /** Chosen when a brand's song is made (`chooseType`); EDIT SONG keeps the song's kind. */
  song_type?: SongType;
}

const TITLES = { new: LABEL.newSong, edit: LABEL.editSong };
const EMPTY: SongFields = { name: '', song_writer: '', song_type: 1 };
const trimmed = (values: SongFields): SongFields => ({
  name: (values.name ?? '').trim(),
  song_writer: (values.song_writer ?? '').trim(),
  song_type: values.song_type,
});

/** The two kinds of song a brand makes, each with its one-line explanation under it. */
const SONG_TYPES = [
  { value: 1, label: LABEL.singleProductSong, hint: LABEL.singleProductSongHint },
  { value: 2, label: LABEL.crossComparableSong, hint: LABEL.crossComparableSongHint },
] as const;

/**
 * The new-song and EDIT SONG dialogs: song name and artist name, width 770 px; a new song also chooses its kind,
 * single-product (the default) or cross-comparable, which other products of the brand then join through ADD TO
 * CROSS-COMPARABLE SONG (`chooseType`: a platform song is always cross-comparable). No client-side required checks: a field the server
 * refuses shows why under it (docs/api.md "Refused fields").
 */
export function SongDialog({
  chooseType = false,
  ...props
}: NewEditDialogProps<SongFields> & { chooseType?: boolean }) {
  return (
    <NewEditDialog {...props} titles={TITLES} name="song" empty={EMPTY} toBody={trimmed}>
      <TextField name="name" label="Song name" />
      <TextField name="song_writer" label="Artist name" />
      {chooseType && props.mode === 'new' && (
        <Form.Item name="song_type" label={LABEL.songType}>
          <Radio.Group
            className="song-type"
            options={SONG_TYPES.map((t) => ({
              value: t.value,
              label: (
                <span className="song-type__option">
                  <span className="song-type__name">{t.label}</span>
                  {/* a space, so the radio's accessible name reads as two phrases (the column hides it) */}{' '}
                  <span className="song-type__hint">{t.hint}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
      )}
    </NewEditDialog>
  );
}
