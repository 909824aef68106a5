import type { PlayerProduct, PlayerSong, PlayerVersion } from '@atk/contract';
import { useMemo, useState } from 'react';

/**
 * What the listener has selected, as the desktop player and the mobile widget both hold it: the song, its source
 * and the product heard, from where the player opens (`start`), and what follows from them for the products on
 * show (`shown`: the desktop's comparison, the mobile widget's slots). A new song starts on its first source.
 */
export function useSelection(
  data: { products: PlayerProduct[]; songs: PlayerSong[] },
  start: { product: string | null; song: string | null; source: string | null },
  shown: string[],
) {
  const [selected, setSelected] = useState(start.product);
  const [songId, setSongId] = useState(start.song);
  const [sourceId, setSourceId] = useState(start.source);
  const byId = useMemo(() => new Map(data.products.map((p) => [p._id, p])), [data]);
  const song = data.songs.find((s) => s._id === songId) ?? null;
  const source = song?.sources.find((s) => s._id === sourceId) ?? null;
  /** The selected source's recording by product `id`, if it has one. */
  const versionOf = (id: string | null): PlayerVersion | null =>
    (id && source?.versions.find((v) => v.product_id === id)) || null;
  return {
    byId,
    selected,
    setSelected,
    songId,
    sourceId,
    setSourceId,
    song,
    source,
    versionOf,
    /** The products on show that the source has a recording of: what the engine loads. */
    recorded: shown.filter((id) => versionOf(id)),
    product: selected ? (byId.get(selected) ?? null) : null,
    pickSong: (id: string) => {
      setSongId(id);
      setSourceId(data.songs.find((s) => s._id === id)?.sources[0]?._id ?? null);
    },
  };
}

export type SelectionState = ReturnType<typeof useSelection>;
