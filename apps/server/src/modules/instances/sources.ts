import type { InstanceSong } from '@atk/contract';

/** A song an instance may play, with its sources (instrument ids) in their natural order. */
export interface AvailableSong {
  song_id: string;
  /** A platform (ATK) song: counts against the ATK Songs limit. */
  is_atk: boolean;
  instruments: string[];
}

/**
 * Brings an instance's stored sources in line with the songs now available (docs/api.md "Derivation of sources"),
 * keeping what the brand chose: entries still available keep their is_active and relative order; vanished songs and
 * sources are dropped; new ones are appended at the end, active; orders are renumbered 1..n (songs, and sources within
 * each song). A new platform song beyond `atkLimit` active platform songs is appended inactive, so a derivation never
 * produces what a save of the sources would refuse.
 */
export function deriveSources(
  existing: readonly InstanceSong[],
  available: readonly AvailableSong[],
  opts: { atkLimit?: number } = {},
): InstanceSong[] {
  const byId = new Map(available.map((s) => [s.song_id, s]));
  const out: InstanceSong[] = [];
  const seen = new Set<string>();
  for (const song of byOrder(existing)) {
    const now = byId.get(song.song_id);
    if (!now || seen.has(song.song_id)) continue;
    seen.add(song.song_id);
    out.push({ ...song, instruments: mergeInstruments(song.instruments, now.instruments) });
  }
  let activeAtk = out.filter((s) => s.is_active === 1 && byId.get(s.song_id)?.is_atk).length;
  const atkLimit = opts.atkLimit ?? Number.POSITIVE_INFINITY;
  for (const song of available) {
    if (seen.has(song.song_id)) continue;
    seen.add(song.song_id);
    let isActive: 0 | 1 = 1;
    if (song.is_atk) {
      if (activeAtk >= atkLimit) isActive = 0;
      else activeAtk++;
    }
    out.push({
      song_id: song.song_id,
      is_active: isActive,
      order: 0,
      instruments: mergeInstruments([], song.instruments),
    });
  }
  return out.map((s, i) => ({ ...s, order: i + 1 }));
}

function mergeInstruments(existing: InstanceSong['instruments'], available: readonly string[]) {
  const now = new Set(available);
  const kept = byOrder(existing).filter(
    (i, at, all) => now.has(i.instrument_id) && all.findIndex((j) => j.instrument_id === i.instrument_id) === at,
  );
  const have = new Set(kept.map((i) => i.instrument_id));
  const added = [...new Set(available)]
    .filter((id) => !have.has(id))
    .map((instrument_id) => ({ instrument_id, is_active: 1 as const, order: 0 }));
  return [...kept, ...added].map((i, at) => ({ ...i, order: at + 1 }));
}

/** Sorted by order (stable: ties keep their stored place). */
export function byOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}

/** Songs and their sources sorted by order, as sources are stored. */
export function sortSources(songs: readonly InstanceSong[]): InstanceSong[] {
  return byOrder(songs).map((s) => ({
    song_id: s.song_id,
    is_active: s.is_active,
    order: s.order,
    instruments: byOrder(s.instruments).map((i) => ({
      instrument_id: i.instrument_id,
      is_active: i.is_active,
      order: i.order,
    })),
  }));
}

/** Whether two source lists are the same once sorted by order. */
export function sameSources(a: readonly InstanceSong[], b: readonly InstanceSong[]): boolean {
  return JSON.stringify(sortSources(a)) === JSON.stringify(sortSources(b));
}

/** Whether `submitted` lists exactly the songs of `current`, each with exactly its sources (each once). */
export function sameSourceSet(submitted: readonly InstanceSong[], current: readonly InstanceSong[]): boolean {
  const key = (songs: readonly InstanceSong[]) =>
    JSON.stringify(
      songs
        .map((s) => [s.song_id, s.instruments.map((i) => i.instrument_id).sort()] as const)
        .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)),
    );
  const unique = (songs: readonly InstanceSong[]) =>
    new Set(songs.map((s) => s.song_id)).size === songs.length &&
    songs.every((s) => new Set(s.instruments.map((i) => i.instrument_id)).size === s.instruments.length);
  return unique(submitted) && key(submitted) === key(current);
}
