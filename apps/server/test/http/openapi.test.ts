import { endpointList } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.ts';

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; description?: string }[];
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

let app: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  app = await startTestApp();
  doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as typeof doc;
});
afterAll(() => app.close());

/** The fields of an object schema, and of the objects it holds (lists, unions, intersections), with their dotted names. */
function fields(schema: JsonSchema | undefined, prefix = ''): [string, JsonSchema][] {
  if (!schema) return [];
  if (schema.items) return fields(schema.items, `${prefix}[]`);
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (alternatives.length) return alternatives.flatMap((s) => fields(s, prefix));
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    [`${prefix}${name}`, field] as [string, JsonSchema],
    ...fields(field, `${prefix}${name}.`),
  ]);
}

const endpoints = endpointList().map(({ name, endpoint: e }) => ({ label: `${name}: ${e.method} ${e.path}`, e }));

describe('the OpenAPI document at /api/docs describes every contract endpoint', () => {
  it.each(endpoints)('$label', ({ e }) => {
    const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
    expect(op, 'the operation is in the document').toBeDefined();
    if (!op) return;
    expect(op.summary).toBe(e.summary);
    expect(op.tags).toEqual([e.tag]);
    // what it does, who may call it, and its error answers
    expect(op.description).toContain(e.description);
    expect(op.description).toMatch(/\*\*Who may call:\*\* \S/);
    if (e.auth !== 'public') expect(op.description).toContain('401:');
    if (e.body) expect(op.description).toContain('400:');
    // every field of the body and of the answer's data says what it is
    const body = op.requestBody?.content['application/json']?.schema;
    const data = op.responses['200']?.content?.['application/json']?.schema.properties?.data;
    const undescribed = [...fields(body, 'body.'), ...fields(data, 'data.')]
      .filter(([, field]) => !field.description)
      .map(([name]) => name);
    // and every parameter of its path and query
    for (const p of op.parameters ?? []) if (!p.description) undescribed.push(`${p.in}.${p.name}`);
    expect(undescribed.filter((name) => !/^data\.(list|total_num)$/.test(name))).toEqual([]);
  });

  it('has no operation without a summary and a description (every route comes from the contract)', () => {
    const bare = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.summary || !op.description)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(bare).toEqual([]);
  });

  it('is served as a page an integrator can read', async () => {
    const res = await fetch(`${app.url}/api/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});
