import type { PlayerSong } from '@atk/contract';
import { useId } from 'react';
import type { SelectionState } from '../shared/useSelection.ts';
import { InfoTip } from './InfoTip.tsx';
import type { Tip } from './instance.ts';

/** The song and source selects (a new song starts on its first source), or why there is nothing to play. */
export function SongSourcePicker({ songs, sel, tip }: { songs: PlayerSong[]; sel: SelectionState; tip: Tip }) {
  const id = useId();
  if (songs.length === 0) return <p className="empty">No recordings to compare yet.</p>;
  return (
    <div className="row choose">
      <div className="field">
        <label className="label" htmlFor={`${id}-song`}>
          Song
        </label>
        <select
          id={`${id}-song`}
          value={sel.songId ?? ''}
          onChange={(e) => sel.pickSong((e.target as HTMLSelectElement).value)}
        >
          {songs.map((s) => (
            <option key={s._id} value={s._id}>
              {s.song_writer ? `${s.name} – ${s.song_writer}` : s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-source`}>
          Source
        </label>
        <select
          id={`${id}-source`}
          value={sel.sourceId ?? ''}
          onChange={(e) => sel.setSourceId((e.target as HTMLSelectElement).value)}
        >
          {(sel.song?.sources ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {s.performer ? `${s.name} (${s.performer})` : s.name}
            </option>
          ))}
        </select>
      </div>
      <InfoTip text={tip('AtkpAudio')} topic="the audio" />
    </div>
  );
}
