import { LABEL, MSG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { songKeys, songsApi } from './api.ts';

/**
 * An operator attaches a platform (ATK) song to the product (its `atk_songs`): a select of the platform songs
 * the product does not offer yet. Nothing chosen warns 'Please select an ATK song'.
 */
export function AtkSongDialog({
  open,
  attached,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The product's atk_songs: not offered again. */
  attached: string[];
  /** Resolves true when saved (the dialog then closes). */
  onSubmit: (songId: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const songs = useQuery({ queryKey: songKeys.platform(), queryFn: songsApi.platform, enabled: open });
  const options = (songs.data?.list ?? [])
    .filter((s) => !attached.includes(s._id))
    .map((s) => ({ value: s._id, label: s.song_writer ? `${s.name} — ${s.song_writer}` : s.name }));
  return (
    <FormDialog<{ song_id?: string }>
      open={open}
      title={LABEL.addAtkSong}
      name="atk-song"
      width={770}
      initialValues={{}}
      onSubmit={({ song_id }) => (song_id ? onSubmit(song_id) : Promise.resolve(false))}
      onClose={onClose}
    >
      <Form.Item name="song_id" label="ATK song" rules={[{ required: true, message: MSG.selectAtkSong }]}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={songs.isFetching} options={options} />
      </Form.Item>
    </FormDialog>
  );
}
