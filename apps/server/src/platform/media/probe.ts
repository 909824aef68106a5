import type { Readable } from 'node:stream';
import { mediaTools } from './binaries.ts';
import { runTool, ToolTimeout } from './run.ts';

/** The file is not audio this player can use (not decodable, a video, or a container/codec outside the list). */
export class NotAudioError extends Error {}

/** The file is longer than the longest audio accepted (`maxSeconds`). */
export class TooLongError extends Error {
  constructor(
    readonly seconds: number,
    readonly maxSeconds: number,
  ) {
    super(`${Math.round(seconds)} s of audio, more than the ${maxSeconds} s accepted`);
  }
}

export interface ProbeOptions {
  /** Longest accepted audio in seconds: a longer file is refused with TooLongError before it is decoded. */
  maxSeconds?: number;
  /** Gives up after this long, rejecting with ToolTimeout (not NotAudioError: nothing was decided). */
  timeoutMs?: number;
}

export interface ProbeResult {
  /** ffprobe's format name, e.g. `wav`, `flac`, `mov,mp4,m4a,3gp,3g2,mj2`. */
  format: string;
  codec: string;
  sampleRate: number;
  channels: number;
  /** As the container states it; the exact length comes from decoding. */
  durationSeconds: number | null;
  /** The audio stream's bits per second, when stated (exact for PCM). */
  bitRate: number | null;
}

/** Accepted containers and, for each, the audio codecs they may carry: WAV, AIFF, FLAC, MP3, M4A/AAC, Ogg. */
const ACCEPTED: Record<string, RegExp> = {
  wav: /^pcm_/,
  aiff: /^pcm_/,
  flac: /^flac$/,
  mp3: /^mp3$/,
  aac: /^aac$/,
  'mov,mp4,m4a,3gp,3g2,mj2': /^(aac|alac|mp3)$/,
  ogg: /^(vorbis|opus|flac)$/,
};

interface FfprobeStream {
  bit_rate?: string;
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}

/**
 * Reads what a file is; rejects with NotAudioError when it is not an accepted audio file, and with TooLongError
 * when the container says it is longer than `maxSeconds` (a file that hides its length is stopped while decoding,
 * see processAudioFile). `file` is a path, or a stream ffprobe reads from its standard input (it reads the start
 * only; from a stream, a container that states its length only at the end, or not at all, gives no duration).
 */
export async function probeAudio(file: string | Readable, opts: ProbeOptions = {}): Promise<ProbeResult> {
  let json: { streams?: FfprobeStream[]; format?: { format_name?: string; duration?: string } };
  try {
    const { stdout } = await runTool(
      mediaTools().ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', typeof file === 'string' ? file : 'pipe:0'],
      { stdin: typeof file === 'string' ? undefined : file, timeoutMs: opts.timeoutMs },
    );
    json = JSON.parse(stdout.toString('utf8'));
  } catch (err) {
    if (err instanceof ToolTimeout) throw err;
    throw new NotAudioError('ffprobe cannot read the file');
  }
  const streams = json.streams ?? [];
  const format = json.format?.format_name ?? '';
  const audio = streams.find((s) => s.codec_type === 'audio');
  // Cover art in an MP3/M4A is a "video" stream marked attached_pic; a real picture track makes it a video.
  const video = streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!audio) throw new NotAudioError('no audio stream');
  if (video) throw new NotAudioError('a video, not an audio file');
  const codec = audio.codec_name ?? '';
  if (!ACCEPTED[format]?.test(codec))
    throw new NotAudioError(`${format || 'unknown format'} with ${codec || 'unknown codec'}`);
  const sampleRate = Number(audio.sample_rate);
  const channels = Number(audio.channels);
  if (!(sampleRate > 0) || !(channels > 0)) throw new NotAudioError('no sample rate or channels');
  const duration = Number(json.format?.duration);
  if (opts.maxSeconds !== undefined && Number.isFinite(duration) && duration > opts.maxSeconds)
    throw new TooLongError(duration, opts.maxSeconds);
  const bitRate = Number(audio.bit_rate);
  return {
    format,
    codec,
    sampleRate,
    channels,
    durationSeconds: Number.isFinite(duration) ? duration : null,
    bitRate: bitRate > 0 ? bitRate : null,
  };
}
