import { IMAGE_MAX_BYTES } from '@atk/contract';

/** The 2 MB check (docs/api.md "Uploads and storage"), before anything is sent. */
export const imageTooLarge = (file: File) => file.size >= IMAGE_MAX_BYTES;
