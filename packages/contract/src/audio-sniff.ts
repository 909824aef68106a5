/**
 * Whether a file can be audio the processing accepts, from its first bytes (its magic number): the console
 * reads them from the File before any transfer, the server from the start of the upload stream, so a text file
 * or an image named `.wav` is refused at once instead of after its whole transfer and a failed job. DOM- and
 * Node-free (plain Uint8Array, which a Buffer is). A pass is not a promise: the job still probes the whole file.
 */

/** Enough for every signature below (RIFF….WAVE is the longest); shorter files are never audio. */
export const AUDIO_SNIFF_BYTES = 12;

/**
 * What the first bytes announce, for the containers of the media pipeline's accepted list (WAV, AIFF, FLAC, MP3,
 * raw AAC, M4A, Ogg): `id3` is a tagged file (MP3 mostly; AAC and FLAC may carry the tag too).
 */
export type SniffedAudio = 'wav' | 'aiff' | 'flac' | 'ogg' | 'm4a' | 'id3' | 'mp3' | 'aac';

const at = (head: Uint8Array, offset: number, text: string) =>
  [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));

/** Top-level boxes an MP4/QuickTime file starts with: `ftyp` nearly always, older QuickTime files other ones. */
const MP4_FIRST_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'];

/**
 * An untagged file's first frame header: 11 sync bits, then what a real header holds. MP3 is MPEG layer III
 * (layers I and II are not accepted) with no reserved version, bitrate or sample rate; raw AAC is ADTS (12 sync
 * bits, layer 00, a known sample rate). So a UTF-16 text's byte order mark (FF FE) is not taken for a frame.
 */
function mpegFrame(head: Uint8Array): 'mp3' | 'aac' | null {
  if (head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return null;
  const version = (head[1] >> 3) & 0b11;
  const layer = (head[1] >> 1) & 0b11;
  if (layer === 0) return (head[1] & 0xf6) === 0xf0 && ((head[2] >> 2) & 0b1111) < 13 ? 'aac' : null;
  const bitrate = head[2] >> 4;
  const rate = (head[2] >> 2) & 0b11;
  return layer === 0b01 && version !== 0b01 && bitrate !== 0b1111 && rate !== 0b11 ? 'mp3' : null;
}

/** The container the first bytes (at least AUDIO_SNIFF_BYTES of them) announce, or null when it cannot be audio. */
export function sniffAudio(head: Uint8Array): SniffedAudio | null {
  if (head.length < AUDIO_SNIFF_BYTES) return null;
  // RIFF (little-endian), RIFX (big-endian) and RF64/BW64 (over 4 GB) WAVE files.
  if ((at(head, 0, 'RIFF') || at(head, 0, 'RIFX') || at(head, 0, 'RF64') || at(head, 0, 'BW64')) && at(head, 8, 'WAVE'))
    return 'wav';
  if (at(head, 0, 'FORM') && (at(head, 8, 'AIFF') || at(head, 8, 'AIFC'))) return 'aiff';
  if (at(head, 0, 'fLaC')) return 'flac';
  if (at(head, 0, 'OggS')) return 'ogg';
  if (MP4_FIRST_BOXES.some((box) => at(head, 4, box))) return 'm4a';
  if (at(head, 0, 'ID3')) return 'id3';
  return mpegFrame(head);
}
