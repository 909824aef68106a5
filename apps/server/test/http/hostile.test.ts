/**
 * Hostile input over every operation of the OpenAPI document: NUL, unpaired surrogates, 10 MB and long
 * strings, wrong types, prototype keys, path traversal and non-http URLs, in path parameters, queries, JSON bodies
 * and multipart forms, sent with a token that passes the route's role check. Any 4xx is a fine answer (a 2xx too
 * where the input is harmless); a 5xx, or a request the server drops, is a failure. A handful of variants per
 * field, one field at a time, the rest of the body valid where the document says how.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, hashPassword, MSG, storable } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/assertions.ts';
import { makeUser, type Reply, startTestApp, type TestApp } from '../support/harness.ts';
import { FILES } from '../support/uploads.ts';

// biome-ignore lint/suspicious/noExplicitAny: a JSON schema as the OpenAPI document gives it
type Schema = any;
type Step = string | number;
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body: Schema | null;
}

const NUL = 'N\u0000B';
const LONE = 'a\ud800b';
const LONE_LOW = '\udc00';
const TRAVERSAL = '../../etc/passwd';
const LONG = 'x'.repeat(100_000);
const TEN_MB = 'x'.repeat(10 * 1024 * 1024);

/** Values in place of a field, by what the field is. */
const STRING_VARIANTS: unknown[] = [
  NUL,
  LONE,
  LONE_LOW,
  TRAVERSAL,
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  LONG,
  42,
  { $gt: '' },
  ['a'],
  null,
];
const NUMBER_VARIANTS: unknown[] = ['1', NUL, -1e308, 1e308, { a: 1 }, [1], true];
const OTHER_VARIANTS: unknown[] = [NUL, LONE, 99, { a: 1 }, 'true'];
const ARRAY_VARIANTS: unknown[] = ['x', { 0: 'a' }, [null], [NUL]];
const OBJECT_VARIANTS: unknown[] = ['x', [], 42, { __proto__: null, constructor: { prototype: { polluted: 1 } } }];

/** Raw (already encoded) query and path values. */
const RAW_VARIANTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AE%C0%AE%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  'javascript%3Aalert(1)',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

let app: TestApp;
let tokens: string[];
/** Ids of records made for the run, by the name of the field or path segment that refers to them. */
let ids: Record<string, string>;
let invitationUuid: string;
let emails = 0;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await makeUser(app, 'global_admin');
  const ok = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await app.call<T>(method, path, { token: admin.token, body });
    expect(res.status, `${method} ${path}: ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const brand = await ok<{ _id: string }>('POST', '/admin/brands', { name: 'Hostile Brand', is_published: 1 });
  const customer = await makeUser(app, 'customer', { brandId: brand._id });
  const atk = await makeUser(app, 'atk');
  tokens = [admin.token, customer.token, atk.token];
  const category = await ok<{ _id: string }>('POST', '/admin/categories', { name: 'Hostile Category' });
  const sub = await ok<{ _id: string }>('POST', '/admin/sub_categories', { name: 'Sub', category_id: category._id });
  const song = await ok<{ _id: string }>('POST', '/admin/songs', { name: 'Song', brand_id: brand._id });
  const instrument = await ok<{ _id: string }>('POST', '/admin/instruments', { name: 'Vox', song_id: song._id });
  const product = await ok<{ _id: string }>('POST', '/admin/products', {
    general: { name: 'Mic', brand_id: brand._id, category_id: category._id },
  });
  const instance = await ok<{ _id: string }>('POST', '/admin/instances', {
    general: { name: 'Player', brand_id: brand._id },
  });
  // The atk operator's mobile instance (its paths are atk only).
  const mobile = await app.call<{ _id: string }>('POST', '/api/v1/admin/mobile_instances', {
    token: atk.token,
    body: { general: { name: 'Mobile' } },
  });
  expect(mobile.status, mobile.body.msg).toBe(200);
  // A retailer of the atk operator's (its paths are atk only too).
  const retailer = await app.call<{ _id: string }>('POST', '/api/v1/admin/retailers', { token: atk.token, body: {} });
  expect(retailer.status, retailer.body.msg).toBe(200);
  const tooltip = await ok<{ _id: string }>('POST', '/admin/tooltips', { feature: 0, content: 'Tip' });
  const plan = await ok<{ _id: string }>('POST', '/admin/subscriptions', { name: 'Plan' });
  const invitation = await ok<{ uuid: string }>('POST', '/admin/invitations', {
    email: 'invited@test.example',
    brand_id: brand._id,
  });
  invitationUuid = invitation.uuid;
  const roles = await ok<{ list: { _id: string }[] }>('GET', '/admin/roles', undefined);
  ids = {
    brands: brand._id,
    brand_id: brand._id,
    master_brand_id: brand._id,
    categories: category._id,
    category_id: category._id,
    sub_categories: sub._id,
    sub_category_id: sub._id,
    songs: song._id,
    song_id: song._id,
    instruments: instrument._id,
    instrument_id: instrument._id,
    source_id: instrument._id,
    products: product._id,
    product_id: product._id,
    instances: instance._id,
    instance_id: instance._id,
    mobile_instances: mobile.body.data._id,
    retailers: retailer.body.data._id,
    users: customer.id,
    customer_id: customer.id,
    tooltips: tooltip._id,
    subscriptions: plan._id,
    plan_id: plan._id,
    role_id: roles.list[0]._id,
  };
}, 60_000);
afterAll(() => app?.close());

// ── The document ─────────────────────────────────────────────────────────────────────────────────────────────
async function operations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Schema>>;
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(byMethod))
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p: Schema) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
  return ops;
}

/** A nullable or union schema's first branch that is not null. */
function resolve(s: Schema): Schema {
  const branches = s?.anyOf ?? s?.oneOf;
  if (branches) return resolve(branches.find((b: Schema) => b.type !== 'null') ?? branches[0]);
  if (s?.allOf?.length === 1) return resolve(s.allOf[0]);
  return s ?? {};
}

/** A valid-looking value for a field, so a refusal is about the one hostile field. */
function sample(schema: Schema, key: Step = ''): unknown {
  if (schema?.default !== undefined) return schema.default;
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const name = String(key);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return ids[name] ?? (name === 'uuid' ? invitationUuid : randomUUID());
      if (s.format === 'email' || name.includes('email')) return `hostile-${++emails}@test.example`;
      if (s.pattern === '^[0-9a-f]{64}$') return hashPassword('Hostile!2345');
      if (name === 'currency') return 'USD';
      if (/url|link|website/.test(name)) return 'https://hostile.example/a.png';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      // Required fields, and the references to the run's records (a brand to create in, say).
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {}))
        if (s.required?.includes(k) || (k in ids && resolve(v).format === 'uuid')) out[k] = sample(v, k);
      return out;
    }
    default:
      return 'x';
  }
}

/** Every field of a body schema (optional ones too), with its path and its schema. */
function leaves(schema: Schema, path: Step[] = [], depth = 0): { path: Step[]; schema: Schema }[] {
  const s = resolve(schema);
  const out = path.length ? [{ path, schema: s }] : [];
  if (depth > 6) return out;
  if (s.type === 'object')
    for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...leaves(v, [...path, k], depth + 1));
  if (s.type === 'array' && s.items) out.push(...leaves(s.items, [...path, 0], depth + 1));
  return out;
}

/** The body with `value` at `path`, every container on the way filled with its valid sample. */
function bodyWith(schema: Schema, path: Step[], value: unknown): unknown {
  if (path.length === 0) return value;
  const s = resolve(schema);
  const [step, ...rest] = path;
  if (typeof step === 'number') {
    const arr = (sample(s) as unknown[] | undefined) ?? [];
    const items = Array.isArray(arr) ? [...arr] : [];
    items[0] = bodyWith(s.items, rest, value);
    return items;
  }
  const base = sample(s);
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
  return { ...obj, [step]: bodyWith(s.properties?.[step], rest, value) };
}

function variantsFor(schema: Schema): unknown[] {
  const s = resolve(schema);
  if (s.type === 'string' && !s.enum) return STRING_VARIANTS;
  if (s.type === 'number' || s.type === 'integer') return NUMBER_VARIANTS;
  if (s.type === 'array') return ARRAY_VARIANTS;
  if (s.type === 'object') return OBJECT_VARIANTS;
  return OTHER_VARIANTS;
}

// ── Sending ──────────────────────────────────────────────────────────────────────────────────────────────────
const failures: string[] = [];
let sent = 0;

function pathValue(op: Operation, name: string): string {
  if (name === 'uuid') return invitationUuid;
  if (name === 'type') return op.path.includes('/widget/') ? 'landing_instance' : 'guide';
  const segments = op.path.split('/');
  return ids[segments[segments.indexOf(`{${name}}`) - 1]] ?? randomUUID();
}

function urlOf(op: Operation, pathOverride: Record<string, string>, query: string): string {
  const path = op.path.replace(
    /\{(\w+)\}/g,
    (_, name) => pathOverride[name] ?? encodeURIComponent(pathValue(op, name)),
  );
  return `${app.url}${path}${query ? `?${query}` : ''}`;
}

/** The required query parameters, valid. */
function baseQuery(op: Operation, except?: string): string[] {
  return op.params
    .filter((p) => p.in === 'query' && p.required && p.name !== except)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
}

async function send(
  op: Operation,
  what: string,
  token: string,
  url: string,
  body?: string,
): Promise<{ status: number; msg?: string }> {
  sent++;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(url, { method: op.method, headers, body });
    const text = await res.text();
    let msg: string | undefined;
    try {
      msg = (JSON.parse(text) as { msg?: string }).msg;
    } catch {}
    if (res.status >= 500) failures.push(`${op.method} ${op.path} ${what}: ${res.status} ${msg ?? text.slice(0, 200)}`);
    return { status: res.status, msg };
  } catch (err) {
    failures.push(`${op.method} ${op.path} ${what}: no answer (${(err as Error).message})`);
    return { status: 0 };
  }
}

/** The first token (admin, customer, atk) the route lets through, found with a request that changes nothing. */
const tokenOf = new Map<string, string>();
async function tokenFor(op: Operation): Promise<string> {
  const key = `${op.method} ${op.path}`;
  const known = tokenOf.get(key);
  if (known) return known;
  let chosen = tokens[0];
  for (const token of tokens) {
    // A body that is not an object, or an id that is not one: refused after the role check, before any effect.
    const hasId = op.params.some((p) => p.in === 'path' && p.name !== 'type');
    const url = urlOf(op, hasId ? { id: 'not-an-id', uuid: 'not-an-id' } : {}, baseQuery(op).join('&'));
    const res = await send(op, 'role probe', token, url, op.body ? '"x"' : undefined);
    if (res.status !== 401 && res.status !== 403) {
      chosen = token;
      break;
    }
  }
  tokenOf.set(key, chosen);
  return chosen;
}

/** JSON text of a value, lone surrogates kept as escapes (JSON.stringify writes them as \udXXX already). */
const json = (v: unknown) => JSON.stringify(v);

// ── The sweep ────────────────────────────────────────────────────────────────────────────────────────────────
describe('hostile input over every operation of the OpenAPI document', () => {
  it('answers the documented reproductions with 400 naming the field', async () => {
    const admin = tokens[0];
    const unstorable = (field: string) => `${field} ${MSG.textUnstorable}`;
    const notHttp = (field: string) => `${field} ${MSG.httpUrlOnly}`;
    const reg = await app.call('POST', '/users/register', {
      body: {
        email: 'n@test.example',
        brand_name: 'N\u0000B',
        password: hashPassword('Hostile!2345'),
        password_confirm: hashPassword('Hostile!2345'),
      },
    });
    expectError(reg, 400, unstorable('brand_name'));
    expectError(await app.call('GET', '/brands?name=%00', { token: admin }), 400, unstorable('name'));
    expectError(await app.call('GET', '/admin/users?email=a%00', { token: admin }), 400, unstorable('email'));
    expectError(await app.call('GET', '/admin/tooltips?content=%00', { token: admin }), 400, unstorable('content'));
    const product = (type: string, content: unknown) =>
      app.call('PUT', `/admin/products/${ids.products}`, { token: admin, body: { type, content } });
    expectError(await product('listening_guide', { content: '\ud800' }), 400, unstorable('content.content'));
    expectError(
      await product('price', { default: { currency: 'USD', price: 1, symbol: '\u0000' }, list: [] }),
      400,
      unstorable('content.default.symbol'),
    );
    expectError(
      await product('images', { thumbnail: { url: 'https://a.example/t.png', name: 'a\ud800' } }),
      400,
      unstorable('content.thumbnail.name'),
    );
    expectError(await product('discography', [{ artist: 'A\u0000' }]), 400, unstorable('content.0.artist'));
    expectError(
      await product('frequency_graph', { url: 'javascript:alert(1)', name: 'g.png' }),
      400,
      notHttp('content.url'),
    );
    expectError(
      await product('images', { large: { url: 'data:image/png;base64,AAAA', name: 'l.png' } }),
      400,
      notHttp('content.large.url'),
    );
    expectError(await product('discography', [{ tidal_link: 'javascript:x' }]), 400, notHttp('content.0.tidal_link'));
    expectError(
      await product('tech_specs', { amp_tra: { amplifier: '\ud800' } }),
      400,
      unstorable('content.amp_tra.amplifier'),
    );
    const instance = (body: unknown) => app.call('PUT', `/admin/instances/${ids.instances}`, { token: admin, body });
    expectError(
      await instance({
        images: [
          { code: 'group_360', name: '\u0000', order: 1 },
          { code: 'additional', name: 'Additional', order: 2 },
        ],
      }),
      400,
      unstorable('images.0.name'),
    );
    expectError(
      await instance({ buttons: { default: { currency: 'USD', symbol: '$', url: 'javascript:alert(1)' }, list: [] } }),
      400,
      notHttp('buttons.default.url'),
    );
    expectError(
      await instance({ general: { name: 'P', website: 'vbscript:msgbox(1)' } }),
      400,
      notHttp('general.website'),
    );
    expectError(
      await app.call('PUT', '/users/profile', { token: admin, body: { city: 'x\udc00' } }),
      400,
      unstorable('city'),
    );
    expectError(
      await app.call('PUT', '/users/profile', { token: admin, body: { company_website: 'javascript:alert(1)' } }),
      400,
      notHttp('company_website'),
    );
    // Still fine: a well-formed pair (an emoji), an http(s) link.
    const fine = await product('images', { thumbnail: { url: 'https://a.example/t.png', name: 'mic 🎤.png' } });
    expect(fine.status).toBe(200);
  });

  it('stores an uploaded image under a storable name, which saves again', async () => {
    const admin = tokens[0];
    for (const filename of ['a\u0000b.png', 'c\u0001\u001fd.png', '../../etc/passwd']) {
      const res = await multipart(admin, '/admin/upload/images', {
        fields: { model: 'products', id: ids.products, type: 'thumbnail' },
        filename,
        data: FILES.png,
      });
      expect(res.status, res.text).toBe(200);
      const photo = (JSON.parse(res.text) as Reply<{ photo: { url: string; name: string } }>['body']).data.photo;
      expect(storable(photo.name), photo.name).toBe(true);
      expect(
        [...photo.name].some((c) => c < ' ' || c === '/'),
        photo.name,
      ).toBe(false);
      const saved = await app.call('PUT', `/admin/products/${ids.products}`, {
        token: admin,
        body: { type: 'images', content: { thumbnail: { url: photo.url, name: photo.name } } },
      });
      expect(saved.status, saved.body.msg).toBe(200);
    }
  });

  it('finds no 500 in path parameters, queries and JSON bodies', async () => {
    failures.length = 0;
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(50);
    const started = Date.now();
    for (const op of ops) {
      if (op.path.includes('/upload/')) continue; // multipart: the next test
      // Nothing to make hostile (sign-out would end the run's own session).
      if (op.params.length === 0 && !op.body && op.method !== 'GET') continue;
      const token = await tokenFor(op);
      const query = baseQuery(op).join('&');
      // Path parameters.
      for (const p of op.params.filter((p) => p.in === 'path'))
        for (const raw of RAW_VARIANTS)
          await send(op, `path ${p.name}=${raw.slice(0, 40)}`, token, urlOf(op, { [p.name]: raw }, query));
      // Query parameters: each one hostile, the required others valid; repeated and bracketed keys; prototype keys.
      const queryParams = op.params.filter((p) => p.in === 'query');
      for (const p of queryParams) {
        const rest = baseQuery(op, p.name);
        for (const raw of [...RAW_VARIANTS, null])
          await send(
            op,
            `query ${p.name}=${raw?.slice(0, 40) ?? '(repeated)'}`,
            token,
            urlOf(
              op,
              {},
              [...rest, ...(raw === null ? [`${p.name}=a`, `${p.name}=b`] : [`${p.name}=${raw}`])].join('&'),
            ),
          );
        await send(op, `query ${p.name}[a]=1`, token, urlOf(op, {}, [...rest, `${p.name}[a]=1`].join('&')));
      }
      if (queryParams.length)
        await send(op, 'query prototype keys', token, urlOf(op, {}, `${query}&__proto__=x&constructor=y`));
      if (!op.body) continue;
      // Bodies: each field hostile in turn, every branch of a union.
      const url = urlOf(op, {}, query);
      const roots: Schema[] = op.body.oneOf ?? op.body.anyOf ?? [op.body];
      for (const root of roots) {
        for (const leaf of leaves(root))
          for (const value of variantsFor(leaf.schema))
            await send(op, `body ${leaf.path.join('.')}`, token, url, json(bodyWith(root, leaf.path, value)));
        const valid = json(sample(root));
        // Prototype keys at the top and inside, a 10 MB string, wrong types for the whole body.
        await send(op, 'body __proto__', token, url, `{"__proto__":{"polluted":1},${valid.slice(1)}`);
        await send(op, 'body constructor', token, url, `{"constructor":{"prototype":{"polluted":1}},${valid.slice(1)}`);
        const first = leaves(root).find((l) => resolve(l.schema).type === 'string');
        if (first) {
          const res = await send(op, 'body 10 MB', token, url, json(bodyWith(root, first.path, TEN_MB)));
          if (res.status !== 413 && res.status !== 400 && res.status !== 0)
            failures.push(`${op.method} ${op.path} 10 MB string: ${res.status}, expected 413 or 400`);
        }
      }
      for (const raw of ['[]', '"x"', '42', 'null', '{"a":']) await send(op, `body ${raw}`, token, url, raw);
    }
    console.info(`hostile: ${sent} requests over ${ops.length} operations in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    // Nothing leaked into the server's (this process's) prototypes.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000); // Every operation of the API, mobile ones included: a few minutes on a shared 2-core machine.

  it('finds no 500 in multipart forms (fields and file names)', async () => {
    failures.length = 0;
    const admin = tokens[0];
    const forms = [
      { route: '/admin/upload/images', type: 'thumbnail' },
      { route: '/upload/images', type: 'large' },
      { route: '/admin/upload/files', type: 'frequency' },
      { route: '/upload/files', type: 'frequency' },
    ];
    const fieldVariants = [NUL, LONE, TRAVERSAL, LONG.slice(0, 900), '__proto__', '-1', '1e309'];
    for (const { route, type } of forms) {
      const fields = { model: 'products', id: ids.products, type };
      for (const name of Object.keys(fields))
        for (const value of fieldVariants) {
          const res = await multipart(admin, route, {
            fields: { ...fields, [name]: value },
            filename: 'f.png',
            data: FILES.png,
          });
          if (res.status >= 500) failures.push(`POST ${route} field ${name}: ${res.status} ${res.text.slice(0, 200)}`);
        }
      for (const key of ['__proto__', 'constructor', 'index']) {
        const res = await multipart(admin, route, {
          fields: { ...fields, [key]: 'x' },
          filename: 'f.png',
          data: FILES.png,
        });
        if (res.status >= 500) failures.push(`POST ${route} field ${key}: ${res.status}`);
      }
      for (const filename of [NUL, LONE, '\ud800.png', TRAVERSAL, '..\\..\\x.png', '', 'x'.repeat(5000)]) {
        const res = await multipart(admin, route, { fields, filename, data: FILES.png });
        if (res.status >= 500) failures.push(`POST ${route} file name ${json(filename)}: ${res.status}`);
      }
      // A file name in RFC 5987 form, percent-encoding a NUL and a surrogate's bytes.
      const res = await multipart(admin, route, {
        fields,
        filename: 'x.png',
        data: FILES.png,
        disposition: `form-data; name="file"; filename*=UTF-8''a%00b%ED%A0%80.png`,
      });
      if (res.status >= 500) failures.push(`POST ${route} filename*: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves no file outside the store for a traversing key', async () => {
    for (const key of ['..%2F..%2F..%2Fetc%2Fpasswd', '%2E%2E/%2E%2E/etc/passwd', 'a%00b', '%ED%A0%80']) {
      const res = await fetch(`${app.url}/files/${key}`);
      expect(res.status, key).toBeLessThan(500);
      expect(await res.text()).not.toContain('root:');
    }
  });
});

/** A multipart form written by hand, so a file name can hold any byte the client cares to send. */
async function multipart(
  token: string,
  route: string,
  form: { fields: Record<string, string>; filename: string; data: Buffer; disposition?: string },
): Promise<{ status: number; text: string }> {
  const boundary = `----hostile${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(form.fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const disposition = form.disposition ?? `form-data; name="file"; filename="${form.filename.replaceAll('"', '%22')}"`;
  parts.push(
    Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\ncontent-type: image/png\r\n\r\n`),
    form.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  try {
    const res = await fetch(`${app.url}${API_BASE}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat(parts),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 599, text: `no answer (${(err as Error).message})` };
  }
}
