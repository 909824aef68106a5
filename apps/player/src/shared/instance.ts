/**
 * What both players read of an instance the same way: the frequency bands, the info pages written, and the song
 * and source they open on. Pure: no DOM. The desktop read's normalising and first selection are in
 * ../desktop/instance.ts.
 */
import type { PlayerInstance } from '@atk/contract';
// The zod-free entry: the player bundles no schema.
import { FREQUENCY_BAND_LABELS, FREQUENCY_BANDS, INFO_PAGES, type InfoPage } from '@atk/contract/constants';

/** The frequency graph's bands with their labels, in order. */
export const BANDS = FREQUENCY_BANDS.map((key, i) => [key, FREQUENCY_BAND_LABELS[i]] as const);

export type OrderedFeature = PlayerInstance['features']['ordered'][number];
/**
 * Info pages as a read carries them: the desktop read has every page, the mobile read (`mobile_infos`) no Home.
 */
export type InfoTexts = Partial<Record<InfoPage, string>>;

/** The info pages the operator has written (blank or absent ones are left out), in their tab order. */
export const infoPagesOf = (infos: InfoTexts) => INFO_PAGES.filter((page) => (infos[page] ?? '').trim() !== '');

/** '20 Hz – 60 Hz', '4 kHz – 10 kHz'. */
export function hz(value: number): string {
  if (!Number.isFinite(value)) return '';
  return value >= 1000 ? `${Number((value / 1000).toFixed(1))} kHz` : `${Math.round(value)} Hz`;
}
export const bandRange = (min: number, max: number) => `${hz(min)} – ${hz(max)}`;

/** What the choice reads of a song: its sources and which products recorded each (desktop and mobile reads). */
type Song = { _id: string; sources: { _id: string; versions: { product_id: string }[] }[] };

/**
 * The song and source the player opens on. A shared link's song (and its source) wins while still offered;
 * otherwise the first source, in song then source order, that the most of the `shown` products recorded, so the
 * player does not open on a take only one of the compared products has (the others greyed 'not recorded'). A
 * shared song without a (still offered) source opens on its best source the same way.
 */
export function startingSource<S extends Song>(
  songs: S[],
  shown: readonly string[],
  shared: { song?: string | null; source?: string | null } | null,
): { song: S | null; source: S['sources'][number] | null } {
  const sharedSong = songs.find((s) => s._id === shared?.song);
  const sharedSource = sharedSong?.sources.find((s) => s._id === shared?.source);
  if (sharedSong && sharedSource) return { song: sharedSong, source: sharedSource };
  const count = (source: S['sources'][number]) =>
    shown.filter((id) => source.versions.some((v) => v.product_id === id)).length;
  let best: { song: S | null; source: S['sources'][number] | null; n: number } = {
    song: sharedSong ?? songs[0] ?? null,
    source: (sharedSong ?? songs[0])?.sources[0] ?? null,
    n: -1,
  };
  for (const song of sharedSong ? [sharedSong] : songs)
    for (const source of song.sources) {
      const n = count(source);
      if (n > best.n) best = { song, source, n };
    }
  return { song: best.song, source: best.source };
}
