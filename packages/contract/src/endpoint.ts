/**
 * One endpoint of the API, described once (docs/architecture.md "One contract for every endpoint"): the server
 * registers its route from it (apps/server/src/http/routes.ts), the console calls it with `call(endpoint, input)`
 * (apps/console/src/api/client.ts), and the OpenAPI document at /api/docs is generated from it. A path renamed or
 * an answer changed here is a compile error wherever the endpoint is used.
 */
import { z } from 'zod';
import { API_BASE } from './constants.ts';
import type { Role } from './roles.ts';
import { idParams } from './schemas/common.ts';

/** Who may call: anyone, any signed-in user, or only these roles. */
export type Access = 'public' | 'user' | readonly Role[];

export const ADMINS = ['global_admin', 'super_admin'] as const satisfies readonly Role[];

/** The mobile operator paths (mobile instances, retailers, mobile settings, the atk pickers): the atk role only. */
export const ATK_ONLY = ['atk'] as const satisfies readonly Role[];

/** Brand content is reached by customers (their master brand) and by admins (any brand). */
export const BRAND_USERS = ['customer', ...ADMINS] as const satisfies readonly Role[];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** The whole path from the site's root (`/api/v1/atk_player/admin/brands/:id`); `:name` is a path parameter. */
  path: string;
  auth: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart/form-data body (file uploads): its text fields, which the handler reads and checks itself (the
   * route has no JSON `body`); the OpenAPI description lists them.
   */
  form?: z.ZodObject;
  /** The answer's `data` (the 200 answer is the envelope `{code: 200, msg, data}`). */
  data: z.ZodType;
  /** The OpenAPI group. */
  tag: string;
  /** One line: what it does. */
  summary: string;
  /** What it changes, and its rules; who may call it and the error answers are added from `auth` (see `errorsOf`). */
  description: string;
  /** False when its path parameter names no record (a type, not an id), so it never answers 404. */
  notFound?: false;
}

/** Declares an endpoint, keeping its literal types (the schemas, the path) for inference. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/**
 * What every delete of the record `:id` at `path` shares: `DELETE`, the id parameter and `data: null`; the server
 * registers it with `removeRoute`, which answers 'Delete success'.
 */
export const removal = <const P extends string>(path: P) =>
  ({ method: 'DELETE', path, params: idParams, data: z.null() }) as const;

type Variant<E> = Omit<E, 'path'> & { path: string; auth: Access };

/**
 * A brand-content endpoint in its two paths (docs/api.md "Brand content"): `own` (`/x`) for the brand's users, its
 * customers and admins, and `admin` (`/admin/x`) for the two admin roles; both run the same handler, and the
 * services' access rules tell the roles apart. `path` is the part after `/admin`; `base` the API's base (the player
 * API's unless told), `admins` who may call the admin path (the two admin roles unless told), `users` who may call
 * the plain path (the brand's users unless told).
 */
export function variants<const E extends Omit<Endpoint, 'auth'>>(
  e: E,
  { base = API_BASE, admins = ADMINS, users = BRAND_USERS }: { base?: string; admins?: Access; users?: Access } = {},
) {
  const own: Variant<E> = { ...e, path: `${base}${e.path}`, auth: users };
  const admin: Variant<E> = { ...e, path: `${base}/admin${e.path}`, auth: admins };
  return { own, admin, of: (isAdmin: boolean) => (isAdmin ? admin : own) };
}

/** The endpoint's schema for `params`, `query` or `body`; `never` when it has none. */
export type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/**
 * A query as the caller sends it: the keys (and which may be left out) of the schema's input, each with the value
 * the server parses it into (a boolean, a number), which the client writes as text.
 */
export type QueryValues<S extends z.ZodType> = {
  [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : never;
};

/** What a caller gives: `params`, `query`, `body`, each only when the endpoint has it. */
export type EndpointInput<E extends Endpoint> = ([SchemaOf<E, 'params'>] extends [never]
  ? unknown
  : { params: z.input<SchemaOf<E, 'params'>> }) &
  ([SchemaOf<E, 'query'>] extends [never] ? unknown : { query?: QueryValues<SchemaOf<E, 'query'>> }) &
  ([SchemaOf<E, 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<E, 'body'>> });

/** The `data` of the endpoint's 200 answer, as the caller receives it. */
export type EndpointData<E extends Endpoint> = z.output<E['data']>;

/** A query string (without '?') of the values given: empty ones (undefined, null, '') are left out. */
export function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  return params.toString();
}

/** The endpoint's URL from the site's root: its path parameters filled in (each encoded), then its query. */
export function urlOf(e: Endpoint, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${e.method} ${e.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const qs = queryString(input.query);
  return qs ? `${path}?${qs}` : path;
}

const ROLE_NAMES: Record<Role, string> = {
  global_admin: 'global admins',
  super_admin: 'super admins',
  customer: 'customers',
  atk: 'mobile (atk) operators',
};

/** Who may call, in words, for the OpenAPI description. */
export function accessText(auth: Access): string {
  if (auth === 'public') return 'Anyone, without a token.';
  if (auth === 'user') return 'Any signed-in user (a bearer token).';
  return `Signed-in ${auth.map((r) => ROLE_NAMES[r]).join(' and ')} only (a bearer token).`;
}

/** The text fields of a multipart endpoint, in words, for the OpenAPI description. */
export function formText(form: z.ZodObject): string[] {
  return Object.entries(form.shape).map(([name, field]) => `\`${name}\`: ${(field as z.ZodType).description ?? ''}`);
}

/** The error answers every endpoint of this access has, for the OpenAPI description. */
export function errorsOf(e: Endpoint): string[] {
  const errors: string[] = [];
  if (e.params || e.query || e.body || e.form) {
    errors.push('400: the input is refused; `data.errors` lists each refused field with its reason.');
  }
  if (e.auth !== 'public') errors.push('401: no token, or one that is expired or signed out.');
  if (Array.isArray(e.auth)) errors.push('403: the signed-in role may not call it.');
  if (e.params && e.notFound !== false) errors.push('404: no such record, or not one the caller may see.');
  return errors;
}
