import type { MobilePlayerInstance } from '@atk/contract';
import type { SelectionState } from '../shared/useSelection.ts';

/** The song and source selects (a new song starts on its first source). */
export function Pickers({ songs, sel }: { songs: MobilePlayerInstance['songs']; sel: SelectionState }) {
  return (
    <div className="pickers">
      <label className="field">
        <span>Song</span>
        <select
          aria-label="Song"
          value={sel.songId ?? ''}
          onChange={(e) => sel.pickSong((e.target as HTMLSelectElement).value)}
        >
          {songs.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Source</span>
        <select
          aria-label="Source"
          value={sel.sourceId ?? ''}
          onChange={(e) => sel.setSourceId((e.target as HTMLSelectElement).value)}
        >
          {(sel.song?.sources ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
