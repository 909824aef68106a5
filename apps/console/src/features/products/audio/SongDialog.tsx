import { LABEL } from '@atk/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '../../../components/FormDialog.tsx';

export interface SongFields {
  name: string;
  song_writer: string;
}

/**
 * The new-song and EDIT SONG dialogs (spec 3 §2): song name and artist name, width 770 px. No client-side
 * required checks (spec 3 §5): the server's msg is shown on failure.
 */
export function SongDialog({
  open,
  mode,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'new' | 'edit';
  initial?: SongFields;
  /** Resolves true when saved (the dialog then closes). */
  onSubmit: (values: SongFields) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <FormDialog<SongFields>
      open={open}
      title={mode === 'new' ? LABEL.newSong : LABEL.editSong}
      name={`song-${mode}`}
      width={770}
      initialValues={initial ?? { name: '', song_writer: '' }}
      onSubmit={(values) =>
        onSubmit({ name: (values.name ?? '').trim(), song_writer: (values.song_writer ?? '').trim() })
      }
      onClose={onClose}
    >
      <Form.Item name="name" label="Song name">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="song_writer" label="Artist name">
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
