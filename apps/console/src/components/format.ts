import { TIME_FORMAT } from '@atk/contract';
import dayjs from 'dayjs';

/** A time of the API (ISO-8601) as the lists show it: 'D MMM YYYY HH:mm' in the local offset. */
export const formatTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format(TIME_FORMAT) : '');

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};
