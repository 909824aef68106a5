/**
 * The one HTTP client of the console (docs/architecture.md "One contract for every endpoint"): the `{code,msg,data}` envelope, the bearer token, the 30 s
 * timeout, network failures as `{code:-1, msg:'Network error'}`, and the 401/403 → sign-out rule.
 * It knows nothing of React: the session registers how to read the token and what to do on an auth failure.
 */
import {
  type Endpoint,
  type EndpointData,
  type EndpointInput,
  type Envelope,
  MSG,
  REQUEST_TIMEOUT_MS,
  urlOf,
} from '@atk/contract';
import { RefusedFields, refusedFieldsOf } from './fieldErrors.ts';

export class ApiError extends Error {
  readonly code: number;
  /** True when the client already told the user (an expired authorization): callers stay silent. */
  readonly handled: boolean;
  /** The refused fields of a validation 400 (docs/api.md "Refused fields"); null for other errors. */
  readonly refused: RefusedFields | null;
  constructor(code: number, msg: string, handled = false, refused: RefusedFields | null = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.handled = handled;
    this.refused = refused;
  }
  /** The text to show to the user: the server msg, or the refused fields in the screen's words. */
  get msg(): string {
    return this.refused ? this.refused.text(true) : this.message;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The text of any error. */
export const errorText = (e: unknown): string =>
  isApiError(e) ? e.msg : e instanceof Error && e.message ? e.message : MSG.networkError;

/**
 * Shows an error once: `reportError(message.error, e)`; an expired authorization was already announced. Refused
 * fields wait one task: the form that sent them (FormDialog, useTabForm) marks the ones it shows meanwhile, and the
 * toast says only the rest (nothing when every field shows its own).
 */
export const reportError = (notify: (text: string) => unknown, e: unknown): void => {
  if (isApiError(e) && e.handled) return;
  const refused = isApiError(e) ? e.refused : null;
  if (!refused) {
    notify(errorText(e));
    return;
  }
  setTimeout(() => {
    if (!refused.allShown) notify(refused.text());
  }, 0);
};

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send no Authorization header (public calls that must not carry a stale token). */
  anonymous?: boolean;
  /**
   * How a 401/403 answer is handled. 'signout' (default): clear the session, show 'Authorization expired',
   * go to /login with a redirect. 'quiet': clear the session silently (background reads on public pages,
   * sign-out itself). Either way the call then rejects with the ApiError.
   */
  onAuthError?: 'signout' | 'quiet';
  signal?: AbortSignal;
}

interface ClientHooks {
  getToken: () => string | null;
  onAuthFailure: (mode: 'signout' | 'quiet') => void;
}

let hooks: ClientHooks = { getToken: () => null, onAuthFailure: () => {} };

/** Called once by the session: where the token comes from and how an expired authorization is handled. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

/** One call of the API: `url` is whole (`urlOf` of an endpoint); the answer's `data`, or an `ApiError`. */
async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, anonymous = false, onAuthError = 'signout' } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = anonymous ? null : hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  // a multipart body sets its own Content-Type with the boundary
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  let envelope: Envelope<T>;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
    const parsed: unknown = await response.json();
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as Envelope<T>).code !== 'number') {
      throw new Error('not an envelope');
    }
    envelope = parsed as Envelope<T>;
  } catch {
    // timeout, network failure, or an answer that is not the JSON envelope (e.g. a proxy error page)
    throw new ApiError(-1, MSG.networkError);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  if (envelope.code === 200) return envelope.data;
  const authFailure = (envelope.code === 401 || envelope.code === 403) && token !== null;
  if (authFailure) hooks.onAuthFailure(onAuthError);
  const refused = refusedFieldsOf(envelope.data);
  throw new ApiError(
    envelope.code,
    envelope.msg || MSG.networkError,
    authFailure,
    refused ? new RefusedFields(refused) : null,
  );
}

/**
 * Sends a file straight to storage (a presigned URL) with XMLHttpRequest, for the upload progress
 * in percent. `headers` are the ones the presigned answer requires; the file's content type is sent unless
 * they name one. Rejects on a non-2xx answer, a network failure or an abort.
 */
export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
    if (!hasType) xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`storage answered ${xhr.status}`));
    xhr.onerror = () => reject(new Error(MSG.networkError));
    xhr.onabort = () => reject(new Error('aborted'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The arguments after the endpoint: its input, which may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/**
 * Calls a contract endpoint (docs/architecture.md "One contract for every endpoint"): the method and path come from
 * the contract, the input and the answer's type are the endpoint's, so a call site names neither a path nor a type.
 */
export function call<E extends Endpoint>(e: E, ...[input, options]: CallArgs<E>): Promise<EndpointData<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  return request(urlOf(e, { params, query }), {
    ...options,
    method: e.method,
    body: e.body ? (body ?? {}) : undefined,
  });
}

/**
 * Calls a contract endpoint whose body is a multipart form (a file upload, `form` in the contract): the path, params
 * and answer's type come from the endpoint, the fields and the file from `form`.
 */
export function callForm<E extends Endpoint & { form: object }>(
  e: E,
  form: FormData,
  options?: CallOptions,
): Promise<EndpointData<E>> {
  return request(urlOf(e), { ...options, method: e.method, body: form });
}
