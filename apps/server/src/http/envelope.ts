import { MSG } from '@atk/contract';

export const ok = <T>(data: T, msg: string = MSG.ok) => ({ code: 200, msg, data });

export const fail = (code: number, msg: string) => ({ code, msg, data: null });

/** Page arithmetic shared by every list. */
export const pageOffset = (q: { page_num: number; page_size: number }) => (q.page_num - 1) * q.page_size;
