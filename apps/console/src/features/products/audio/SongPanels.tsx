import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LABEL, type Song } from '@atk/contract';
import { Button, Collapse, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { IconAction } from '../../../components/RowAction.tsx';

/**
 * Songs as collapsible panels (a product's Audio tab, /global/audios): each headed by its name, artist and kind
 * (cross-comparable, ATK), with the header's controls (`extra`) and the panel's body (`children`, its sources).
 * Every panel is open unless the user folded it, so a song just created shows open too.
 */
export function SongPanels({
  songs,
  extra,
  children,
}: {
  songs: Song[];
  extra: (song: Song) => ReactNode;
  children: (song: Song) => ReactNode;
}) {
  const [folded, setFolded] = useState<string[]>([]);
  return (
    <Collapse
      className="songs"
      // the arrow alone folds a panel (antd makes it a button): a header that were the button would hold the header's
      // own buttons (Add source, Edit), and a button inside a button is unreachable to assistive technology
      collapsible="icon"
      activeKey={songs.map((s) => s._id).filter((id) => !folded.includes(id))}
      onChange={(keys) => {
        const open = Array.isArray(keys) ? keys : [keys];
        setFolded(songs.map((s) => s._id).filter((id) => !open.includes(id)));
      }}
      items={songs.map((song) => {
        const controls = extra(song);
        return {
          key: song._id,
          'data-testid': 'song',
          label: (
            <Space wrap>
              <strong className="song__name">{song.name}</strong>
              {song.song_writer && <span className="song__artist">{song.song_writer}</span>}
              {song.song_type === 2 && <Tag color="purple">Cross-comparable</Tag>}
              {song.is_atk === 1 && <Tag color="orange">ATK</Tag>}
            </Space>
          ),
          extra: controls && (
            // biome-ignore lint/a11y/noStaticElementInteractions: keeps header clicks from toggling the panel
            // biome-ignore lint/a11y/useKeyWithClickEvents: the controls inside handle the keyboard
            <span onClick={(e) => e.stopPropagation()}>
              <Space size={4}>{controls}</Space>
            </span>
          ),
          children: children(song),
        };
      })}
    />
  );
}

/** Add source and Edit song, the header controls of a song whose sources can be edited. */
export function SongEditButtons({
  song,
  onAddSource,
  onEdit,
}: {
  song: Song;
  onAddSource: () => void;
  onEdit: () => void;
}) {
  return (
    <>
      <Button size="small" icon={<PlusOutlined />} aria-label={`Add source to ${song.name}`} onClick={onAddSource}>
        {LABEL.addSource}
      </Button>
      <IconAction size="small" icon={<EditOutlined />} label={`Edit song ${song.name}`} onClick={onEdit} />
    </>
  );
}
