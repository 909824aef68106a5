import path from 'node:path';
import { mediaTools } from './binaries.ts';
import { EBUR128_FILTER, type Loudness, parseEbur128Summary } from './loudness.ts';
import { PeaksAccumulator, type PeaksFile } from './peaks.ts';
import { NotAudioError, type ProbeResult, probeAudio, TooLongError } from './probe.ts';
import { runTool } from './run.ts';

/** What processing made of one audio file. */
export interface ProcessedAudio {
  probe: ProbeResult;
  /** The 320 kbps CBR MP3 (LAME/Xing header with encoder delay and padding, see `mp3Samples`). */
  mp3File: string;
  sampleRate: number;
  channels: number;
  /** Frames (samples per channel) of the source as decoded at `sampleRate`. */
  samples: number;
  durationMs: number;
  /**
   * Frames the MP3 decodes to with ffmpeg. Equal to `samples` when the decoder honours the gapless header
   * (encoder delay and padding removed), which keeps versions of one source sample-aligned.
   */
  mp3Samples: number;
  /** Measured on the MP3, i.e. on what the player plays. */
  loudness: Loudness;
  peaks: PeaksFile;
}

export const MP3_BITRATE = '320k';

export interface ProcessAudioOptions {
  /** Longest accepted audio in seconds: refused at the probe, and decoding stops once it is passed. */
  maxSeconds?: number;
  /** Called once the probe has read the file (the job extends its lease by the duration). */
  onProbe?: (probe: ProbeResult) => Promise<void> | void;
}

/** MP3 only has 32, 44.1 and 48 kHz (MPEG-1): keep the source's rate when it is one, else the nearest family. */
export function outputRate(rate: number): number {
  if (rate === 32000 || rate === 44100 || rate === 48000) return rate;
  return rate % 11025 === 0 ? 44100 : 48000;
}

/**
 * Probes `input`, encodes it to a 320 kbps MP3 in `workDir`, computes peaks from the source and loudness from
 * the MP3. Two ffmpeg runs: (1) decode once → MP3 file + float PCM for the peaks and the exact length;
 * (2) decode the MP3 → EBU R128 loudness and true peak, and its decoded length (the alignment check).
 * Rejects with NotAudioError for anything that is not accepted audio, and with TooLongError for audio longer
 * than `maxSeconds`: at the probe when the container states its length, else (a header that lies or says nothing)
 * as soon as the decode passes the limit, which stops ffmpeg.
 */
export async function processAudioFile(
  input: string,
  workDir: string,
  opts: ProcessAudioOptions = {},
): Promise<ProcessedAudio> {
  const probe = await probeAudio(input, { maxSeconds: opts.maxSeconds });
  await opts.onProbe?.(probe);
  const { ffmpeg } = mediaTools();
  const sampleRate = outputRate(probe.sampleRate);
  const channels = Math.min(2, probe.channels);
  const mp3File = path.join(workDir, 'processed.mp3');
  const format = ['-ac', String(channels), '-ar', String(sampleRate)];
  const peaks = new PeaksAccumulator(sampleRate, channels);
  await runTool(
    ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-i', input],
      // The MP3: written to a file (not a pipe) so the muxer can go back and fill in the LAME/Xing header.
      ...['-map', '0:a:0', '-map_metadata', '-1', ...format],
      ...['-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, '-write_xing', '1', '-y', mp3File],
      // The same decoded audio as float PCM on stdout, for the peaks and the length.
      ...['-map', '0:a:0', ...format, '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'],
    ],
    {
      onStdout: (chunk) => {
        peaks.pushF32(chunk);
        // Throwing here kills ffmpeg (runTool): a file that hid its length costs at most the limit's decode.
        if (opts.maxSeconds !== undefined && peaks.frames > (opts.maxSeconds + 1) * sampleRate)
          throw new TooLongError(peaks.frames / sampleRate, opts.maxSeconds);
      },
    },
  );
  if (peaks.frames === 0) throw new NotAudioError('no samples');

  let mp3Bytes = 0;
  const { stderr } = await runTool(
    ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-nostats', '-v', 'info', '-i', mp3File],
      ...['-filter_complex', `[0:a]asplit=2[m][c];[m]${EBUR128_FILTER},anullsink`],
      ...['-map', '[c]', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
    ],
    {
      onStdout: (chunk) => {
        mp3Bytes += chunk.length;
      },
    },
  );
  return {
    probe,
    mp3File,
    sampleRate,
    channels,
    samples: peaks.frames,
    durationMs: Math.round((peaks.frames * 1000) / sampleRate),
    mp3Samples: mp3Bytes / (2 * channels),
    loudness: parseEbur128Summary(stderr),
    peaks: peaks.toFile(),
  };
}
