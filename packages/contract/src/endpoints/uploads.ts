import { API_V1 } from '../constants.ts';
import { ADMINS, ATK_ONLY, endpoint, variants } from '../endpoint.ts';
import { MSG } from '../messages.ts';
import {
  fileUploadAnswer,
  fileUploadFields,
  imageUploadAnswer,
  imageUploadFields,
  presignedAnswer,
  presignedAudioQuery,
  presignedKeyBody,
} from '../schemas/uploads.ts';

const tag = 'uploads';
const FORM =
  'Sent as multipart/form-data: the text fields below and one file in the field `file` (any other body is a 400).';

/** Uploads (docs/api.md "Uploads and storage"): signed links to PUT a file to storage, and multipart uploads. */
export const uploadEndpoints = {
  presignAudio: variants({
    method: 'GET',
    path: '/aws/presigned_url',
    query: presignedAudioQuery,
    data: presignedAnswer,
    tag,
    summary: "A signed link to upload a source's audio",
    description:
      "A link to PUT one recording of a product's source straight to storage; the file is then attached with PUT /products/{id} {type: audio}. The product must be the caller's and the source writable (a platform song's is refused) and of the song named. A brand not confirmed yet is capped in file size and count (413).",
  }),
  uploadImage: variants({
    method: 'POST',
    path: '/upload/images',
    form: imageUploadFields,
    data: imageUploadAnswer,
    tag,
    summary: 'Upload a product image',
    description: `Stores an image (JPEG, PNG, WebP or GIF, by its first bytes; up to 2 MB) of a product the caller may change, for one of its slots; the product's images section then names it. msg '${MSG.uploadSuccess}'. ${FORM}`,
  }),
  uploadFile: variants({
    method: 'POST',
    path: '/upload/files',
    form: fileUploadFields,
    data: fileUploadAnswer,
    tag,
    summary: "Upload a product's frequency graph",
    description: `Stores a frequency graph (an image, or an SVG without scripts, sanitised; up to 10 MB) of a product the caller may change; the product's frequency_graph section then names it. msg '${MSG.uploadSuccess}'. ${FORM}`,
  }),
  presignKey: endpoint({
    method: 'POST',
    path: `${API_V1}/admin/aws/presigned`,
    auth: [...ADMINS, ...ATK_ONLY],
    body: presignedKeyBody,
    data: presignedAnswer,
    tag,
    summary: 'A signed link to upload an image under a key',
    description:
      'A link to PUT an image under the key named. Product images are for admins (the product in the key must exist); retailer logos also for the atk operator. A key is written once: one in use is a 409.',
  }),
};
