import { z } from 'zod';

/** Every answer of the API: `{code, msg, data}`; code 200 is success and equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ListData<T> {
  list: T[];
  total_num: number;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total_num: z.number().int() });

/** The error envelope; `data` is always null on errors. */
export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

/** The answer of a change that returns nothing (a delete): `data: null`. */
export const emptyAnswer = envelopeOf(z.null());
