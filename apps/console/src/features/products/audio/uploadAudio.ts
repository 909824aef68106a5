import { AUDIO_EXTENSIONS, MSG } from '@atk/contract';
import { putFile, reportError } from '../../../api/client.ts';
import { extensionOf } from '../../../components/format.ts';
import { productsApi } from '../api.ts';
import { audioUploadsApi } from './api.ts';

export const AUDIO_ACCEPT = AUDIO_EXTENSIONS.map((e) => `.${e}`).join(',');

export interface AudioTarget {
  admin: boolean;
  productId: string;
  songId: string;
  instrumentId: string;
}

/**
 * The audio upload of spec 3 §4: ask for a presigned URL, PUT the file straight to storage with its progress in
 * percent, then save the audio record of the product (type 'audio', url = the storage key). Resolves true when
 * saved. A refused presigned URL shows the server msg; any later failure shows 'Upload error'.
 */
export async function uploadAudio(
  file: File,
  target: AudioTarget,
  onProgress: (percent: number) => void,
  notify: { error: (text: string) => unknown; success: (text: string) => unknown },
): Promise<boolean> {
  const ext = extensionOf(file.name);
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
    notify.error(MSG.notAudio);
    return false;
  }
  let presigned: Awaited<ReturnType<typeof audioUploadsApi.presigned>>;
  try {
    presigned = await audioUploadsApi.presigned(target.admin, {
      mine_type: ext,
      product_id: target.productId,
      song_id: target.songId,
      instrument_id: target.instrumentId,
    });
  } catch (e) {
    reportError(notify.error, e);
    return false;
  }
  try {
    onProgress(0);
    await putFile(presigned.presigned_url, file, presigned.headers ?? {}, onProgress);
    await productsApi.update(target.admin, target.productId, {
      type: 'audio',
      content: { song_id: target.songId, instrument_id: target.instrumentId, url: presigned.key, name: file.name },
    });
  } catch (e) {
    console.warn('audio upload failed:', e);
    notify.error(MSG.uploadError);
    return false;
  }
  notify.success(MSG.uploadSuccess);
  return true;
}
