import { AUDIO_EXTENSIONS, AUDIO_MAX_BYTES, AUDIO_MAX_MB, AUDIO_SNIFF_BYTES, MSG, sniffAudio } from '@atk/contract';
import { isApiError, putFile, reportError } from '../../../api/client.ts';
import { extensionOf } from '../../../components/format.ts';
import { productsApi } from '../api.ts';
import { audioUploadsApi } from './api.ts';

const isAudioExtension = (ext: string): ext is (typeof AUDIO_EXTENSIONS)[number] =>
  (AUDIO_EXTENSIONS as readonly string[]).includes(ext);

export const AUDIO_ACCEPT = AUDIO_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The upload limit as written beside the Upload button and in the client guide. */
export const AUDIO_LIMIT_TEXT = `Up to ${AUDIO_MAX_MB} MB`;

export interface AudioTarget {
  admin: boolean;
  productId: string;
  songId: string;
  instrumentId: string;
}

/** Whether the file can be audio, by its first bytes (its name and the browser's type are only claims). */
async function looksLikeAudio(file: Blob): Promise<boolean> {
  try {
    return sniffAudio(new Uint8Array(await file.slice(0, AUDIO_SNIFF_BYTES).arrayBuffer())) !== null;
  } catch {
    // An unreadable file (removed or changed since it was chosen) cannot be sent either.
    return false;
  }
}

/**
 * The audio upload: check the file, ask for a presigned URL, PUT the file straight to storage with
 * its progress in percent, then save the audio record of the product (type 'audio', url = the storage key).
 * Resolves the stored file's key once saved, else null; it says nothing on success: the record is then processed,
 * and the caller says 'Upload success' only when that ends Ready (a refusal by the processing is then the only word). A file that cannot be audio by its extension or its first bytes is refused
 * before anything is sent ('uploading' is reported only after this check), with the reason, and so is a file over
 * the upload limit (storage would cut it off, and the transfer say only 'Upload error'). A refused presigned
 * URL or save shows the server msg; a failed transfer shows 'Upload error'.
 */
export async function uploadAudio(
  file: File,
  target: AudioTarget,
  onProgress: (percent: number) => void,
  notifyError: (text: string) => unknown,
): Promise<string | null> {
  if (file.size > AUDIO_MAX_BYTES) {
    notifyError(MSG.audioTooLarge);
    return null;
  }
  const ext = extensionOf(file.name);
  if (!isAudioExtension(ext) || !(await looksLikeAudio(file))) {
    notifyError(MSG.notAudio);
    return null;
  }
  onProgress(0);
  let presigned: Awaited<ReturnType<typeof audioUploadsApi.presigned>>;
  try {
    presigned = await audioUploadsApi.presigned(target.admin, {
      mine_type: ext,
      product_id: target.productId,
      song_id: target.songId,
      instrument_id: target.instrumentId,
      size: file.size,
    });
  } catch (e) {
    reportError(notifyError, e);
    return null;
  }
  try {
    await putFile(presigned.presigned_url, file, presigned.headers ?? {}, onProgress);
  } catch (e) {
    console.warn('audio upload failed:', e);
    notifyError(MSG.uploadError);
    return null;
  }
  try {
    await productsApi.update(target.admin, target.productId, {
      type: 'audio',
      content: { song_id: target.songId, instrument_id: target.instrumentId, url: presigned.key, name: file.name },
    });
  } catch (e) {
    // The server's reason when it refused the file (not audio, too large, missing…); else the spec's text.
    if (isApiError(e) && e.code > 0) reportError(notifyError, e);
    else {
      console.warn('audio save failed:', e);
      notifyError(MSG.uploadError);
    }
    return null;
  }
  return presigned.key;
}
