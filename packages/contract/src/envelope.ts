import { z } from 'zod';
import { fieldErrorsData } from './field-errors.ts';

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

/** The error envelope: `data` is null, except on a validation 400, which lists the refused fields. */
export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: fieldErrorsData.nullable() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The answer of a change that returns nothing (a delete): `data: null`. */
export const emptyAnswer = envelopeOf(z.null());
export type EmptyAnswer = z.infer<typeof emptyAnswer>;
