import { LABEL, MSG } from '@atk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useFirstFieldFocus } from '../../../components/useFirstFieldFocus.ts';
import { songKeys, songsApi } from './api.ts';

/**
 * Adds the product to an existing cross-comparable song: a select of the song_type 2 songs;
 * no selection warns 'Please select a cross-comparable song'.
 */
export function CrossSongDialog({
  open,
  admin,
  brandId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  admin: boolean;
  /** Admins ask for one brand's songs. */
  brandId?: string;
  onSubmit: (songId: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<string | undefined>();
  const firstField = useFirstFieldFocus();
  const submit = useMutation({
    mutationFn: (songId: string) => onSubmit(songId),
    onSuccess: (saved) => {
      if (saved) onClose();
    },
  });
  const songs = useQuery({
    queryKey: songKeys.crossComparable(admin, brandId),
    queryFn: () => songsApi.crossComparable(admin, brandId),
    enabled: open,
  });
  useEffect(() => {
    if (open) setSelected(undefined);
  }, [open]);

  const ok = () => {
    if (!selected) {
      message.warning(MSG.selectCrossComparableSong);
      return;
    }
    submit.mutate(selected);
  };

  return (
    <Modal
      open={open}
      title={LABEL.addToCrossComparableSong}
      width={770}
      okText={LABEL.save}
      cancelText={LABEL.cancel}
      confirmLoading={submit.isPending}
      onOk={ok}
      onCancel={onClose}
      afterOpenChange={firstField.afterOpenChange}
      destroyOnHidden
    >
      <div ref={firstField.ref}>
        <Form layout="vertical" name="cross-song">
          <Form.Item label="Cross-comparable song" htmlFor="cross-song-select">
            <Select
              id="cross-song-select"
              value={selected}
              onChange={setSelected}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={songs.isFetching}
              options={(songs.data?.list ?? []).map((s) => ({
                value: s._id,
                label: s.song_writer ? `${s.name} — ${s.song_writer}` : s.name,
              }))}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
