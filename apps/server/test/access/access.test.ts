/**
 * Who may call what, for every endpoint the contract declares (`endpointList()`, docs/api.md "Who may call and see
 * what"). The contract's `auth` of each endpoint must be the one written in test/access/who-may-call.ts (so loosening an
 * endpoint's access fails here until that table says so too, and a new endpoint must be put in it); then every
 * endpoint that is not public answers 401 without a token, and 403 to every role it does not admit. Each call
 * carries a valid input (test/support/valid-input.ts: its params, query, body or multipart form and file), so the refusal is
 * shown to come from the access rule, not from validation. What a role may then see among the records (another
 * brand's are a 404) is the tenancy tests' (brand-scope.test.ts and the resource tests).
 */
import { type Access, type Endpoint, endpointList, MSG, ROLES, type Role, urlOf } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithEveryRole, type Users } from '../support/assertions.ts';
import type { Reply, TestApp } from '../support/harness.ts';
import { FILES } from '../support/uploads.ts';
import { type Input, validInput } from '../support/valid-input.ts';
import { WHO_MAY_CALL } from './who-may-call.ts';

let app: TestApp;
let users: Users;
beforeAll(async () => ({ app, users } = await startWithEveryRole()));
afterAll(() => app.close());

/** An access as the table writes it: 'public', 'user', or the roles admitted, sorted and space-separated. */
const written = (auth: Access): string => (Array.isArray(auth) ? [...auth].sort().join(' ') : (auth as string));

/** Each endpoint's access in the table, by name; names the table holds twice are reported by the first test. */
const table = new Map<string, string>();
const twice: string[] = [];
for (const [access, names] of Object.entries(WHO_MAY_CALL))
  for (const name of names) {
    if (table.has(name)) twice.push(name);
    table.set(name, access);
  }

/** The roles refused an access as written: none for 'public' and 'user', else every role it does not name. */
const refused = (access: string): Role[] =>
  access === 'public' || access === 'user' ? [] : ROLES.filter((r) => !access.split(' ').includes(r));

/** Calls the endpoint with the input, as JSON or, for an upload, as a multipart form with a small PNG. */
async function request(e: Endpoint, input: Input, token?: string): Promise<Reply<unknown>> {
  if (!e.form) return app.send(e, { ...input, token } as Parameters<TestApp['send']>[1]);
  const form = new FormData();
  for (const [k, v] of Object.entries(input.form ?? {})) form.append(k, String(v));
  form.append('file', new Blob([FILES.png], { type: 'image/png' }), 'picture.png');
  const res = await fetch(`${app.url}${urlOf(e, input)}`, {
    method: e.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Reply<unknown>['body'] };
}

/** The refusal, or what came instead. */
function mismatch(res: Reply<unknown>, status: number, msg: string): string | null {
  const { status: got, body } = res;
  return got === status && body.code === status && body.msg === msg && body.data === null
    ? null
    : `${got} ${JSON.stringify(body).slice(0, 160)}`;
}

describe('every endpoint of the contract', () => {
  it('admits the roles test/access/who-may-call.ts says, and only them', () => {
    const endpoints = endpointList();
    const names = new Set(endpoints.map(({ name }) => name));
    const differ = endpoints
      .filter(({ name, endpoint: e }) => table.get(name) !== written(e.auth))
      .map(
        ({ name, endpoint: e }) => `${name}: the contract says '${written(e.auth)}', the table '${table.get(name)}'`,
      );
    expect(differ).toEqual([]);
    expect(
      [...table.keys()].filter((name) => !names.has(name)),
      'in the table, not in the contract',
    ).toEqual([]);
    expect(twice, 'in the table twice').toEqual([]);
  });

  it('answers 401 without a token and 403 to every role its auth leaves out, whatever valid input it gets', async () => {
    const endpoints = endpointList();
    const failures: string[] = [];
    let covered = 0;
    let unauthorized = 0;
    let forbidden = 0;
    for (const { name, endpoint: e } of endpoints) {
      // The table's access (the first test holds the contract to it); the contract's for a name it lacks.
      const access = table.get(name) ?? written(e.auth);
      if (access === 'public') continue;
      covered++;
      const { input, problems } = validInput(name, e);
      failures.push(...problems);
      const label = `${name} (${e.method} ${e.path}, ${access})`;
      const anonymous = mismatch(await request(e, input), 401, MSG.unauthorized);
      if (anonymous) failures.push(`${label} without a token: ${anonymous}, expected 401`);
      unauthorized++;
      for (const role of refused(access)) {
        const answer = mismatch(await request(e, input, users[role].token), 403, MSG.forbidden);
        if (answer) failures.push(`${label} as ${role}: ${answer}, expected 403`);
        forbidden++;
      }
    }
    console.log(
      `access: ${covered} endpoints (${endpoints.length - covered} public skipped), ${unauthorized + forbidden} ` +
        `refusals checked (${unauthorized} without a token, ${forbidden} roles refused)`,
    );
    expect(failures).toEqual([]);
    expect(covered).toBeGreaterThan(100);
  });
});
