import { Mp3Reader } from './mp3.ts';
import { type Track, wake } from './track.ts';

export interface DownloadOptions {
  fetch: typeof fetch;
  /** A download that receives nothing for this long is given up. */
  timeoutMs: number;
  /** The track is no longer wanted (another load, or it was removed): what arrives is dropped. */
  stale: () => boolean;
  /** More of the file has arrived (and, last, the whole of it). */
  arrived: () => void;
  /** It could not be fetched: `track.failed` says why. */
  failed: () => void;
}

/**
 * Streams a version's file into its track (`track.reader`): the response body is read as it arrives and indexed
 * frame by frame, so the version can be heard once its first window is in, not its whole file. Given up when
 * nothing arrives for `timeoutMs`: a long file on a slow network may take minutes in all.
 */
export async function download(track: Track, url: string, o: DownloadOptions): Promise<void> {
  const abort = new AbortController();
  track.download = abort;
  let timer = setTimeout(() => abort.abort(), o.timeoutMs);
  try {
    const res = await o.fetch(url, { signal: abort.signal });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const reader = new Mp3Reader(Number(res.headers.get('content-length')) || 0);
    track.reader = reader;
    const body = res.body?.getReader();
    if (!body) reader.append(new Uint8Array(await res.arrayBuffer()));
    else
      for (;;) {
        const { done, value } = await body.read();
        if (done || o.stale()) break;
        clearTimeout(timer);
        timer = setTimeout(() => abort.abort(), o.timeoutMs);
        reader.append(value);
        o.arrived();
      }
    if (o.stale()) return;
    reader.finish();
    o.arrived();
  } catch (e) {
    if (o.stale()) return;
    track.failed = abort.signal.aborted
      ? 'The download took too long'
      : `The audio could not be loaded (${e instanceof Error ? e.message : String(e)})`;
    o.failed();
  } finally {
    clearTimeout(timer);
    if (o.stale()) abort.abort();
    wake(track);
  }
}
