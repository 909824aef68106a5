import { type FieldError, type FieldErrorsData, MSG } from '@atk/contract';

/** A refusal the user can act on; its code is both the HTTP status and the envelope code. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The refused fields of a 400 a service finds (docs/api.md "Refused fields"), as validation sends them. */
    readonly data: FieldErrorsData | null = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
/** A 400 for one field a service refuses (a rule the schema cannot hold): msg names the path, data.errors lists it. */
export const fieldRefused = (error: FieldError) =>
  new AppError(400, `${error.path.join('.')} ${error.message}`, { errors: [error] });
export const unauthorized = (msg: string = MSG.unauthorized) => new AppError(401, msg);
export const forbidden = () => new AppError(403, MSG.forbidden);
export const notFound = (msg: string = MSG.notFound) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const gone = (msg: string) => new AppError(410, msg);
export const tooManyRequests = (msg: string = MSG.tooManyAttempts) => new AppError(429, msg);
