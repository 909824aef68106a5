/**
 * A valid input for any contract endpoint, made from its schemas: the schema's example (`.meta({ example })`) where
 * it has one that passes, else the smallest value each field accepts (required fields only, adding an optional one
 * where the object's own rule asks for it), else the endpoint's entry in `FIXTURES`. For tests that must get past
 * validation without caring what the input says (test/access/access.test.ts).
 */
import { DEFAULT_FREQUENCY_BANDS, type Endpoint } from '@atk/contract';
import type { z } from 'zod';

export interface Input {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A multipart endpoint's text fields (sent with a file). */
  form?: Record<string, unknown>;
}

const PARTS = ['params', 'query', 'body', 'form'] as const;

/**
 * Inputs whose rules span fields (a band's max above its min), which a field-by-field value cannot meet: by the
 * endpoint's name in `endpointList()`.
 */
const FIXTURES: Record<string, Input> = {
  'settings.saveBands': { body: { content: DEFAULT_FREQUENCY_BANDS } },
  'settings.saveMobileBands': { body: { content: DEFAULT_FREQUENCY_BANDS } },
};

/** The endpoint's input; `problems` names each part that does not pass its schema (add a fixture for it). */
export function validInput(name: string, e: Endpoint): { input: Input; problems: string[] } {
  const input: Input = {};
  const problems: string[] = [];
  for (const part of PARTS) {
    const schema = e[part];
    if (!schema) continue;
    const value = FIXTURES[name]?.[part] ?? sample(schema);
    const checked = schema.safeParse(value);
    if (!checked.success) {
      const why = checked.error.issues.map((i) => `${i.path.join('.') || '(whole)'} ${i.message}`).join('; ');
      problems.push(`${name} ${part}: ${JSON.stringify(value)} is refused (${why}): add it to FIXTURES`);
    }
    input[part] = value as Record<string, unknown>;
  }
  return { input, problems };
}

const UUID = '0b6f3c1e-4a57-4c2d-9a7e-1f2d3c4b5a69';
/** What a text field may need: plain text, an id, an email, a URL, a day, a SHA-256 hex, a query boolean. */
const TEXTS = ['x', UUID, 'someone@example.com', 'https://example.com/', '2026-01-01', 'a'.repeat(64), 'true'];

const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
/** The first candidate the schema accepts, else the first. */
const firstOf = (schema: z.ZodType, candidates: unknown[]) =>
  candidates.find((v) => passes(schema, v)) ?? candidates[0];
const exampleOf = (schema: z.ZodType) => (schema.meta() as { example?: unknown } | undefined)?.example;

/** A value the schema accepts, as a caller sends it (the schema's input side). */
export function sample(schema: z.ZodType): unknown {
  const example = exampleOf(schema);
  if (example !== undefined && passes(schema, example)) return example;
  switch (schema.def.type) {
    case 'object':
      return sampleObject(schema as z.ZodObject);
    case 'string':
      return firstOf(schema, TEXTS);
    case 'number': {
      const min = (schema as z.ZodNumber).minValue;
      return firstOf(
        schema,
        [min, 1, 20, 0].filter((n) => n !== null && Number.isFinite(n)),
      );
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'enum':
      return (schema as z.ZodEnum).options[0];
    case 'literal':
      return [...(schema as z.ZodLiteral).values][0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample((schema.def as unknown as { innerType: z.ZodType }).innerType);
    case 'union':
      return firstOf(
        schema,
        (schema as z.ZodUnion).options.map((o) => sample(o as z.ZodType)),
      );
    case 'intersection': {
      const { left, right } = (schema as z.ZodIntersection).def;
      return { ...(sample(left as z.ZodType) as object), ...(sample(right as z.ZodType) as object) };
    }
    case 'array':
      return firstOf(schema, [[], [sample((schema as z.ZodArray).element as z.ZodType)]]);
    case 'pipe': {
      // A transform takes what the other side gives: the input is the other side's.
      const { in: from, out: to } = (schema as z.ZodPipe<z.ZodType, z.ZodType>).def;
      if (from.def.type === 'transform') return sample(to);
      if (to.def.type === 'transform') return sample(from);
      return firstOf(schema, [sample(from), sample(to)]);
    }
    case 'lazy':
      return sample((schema as z.ZodLazy).def.getter() as z.ZodType);
    case 'record':
      return {};
    default:
      return null;
  }
}

/** The required fields; when the object's own rule wants more (one part of several), the first optional one that fits. */
function sampleObject(schema: z.ZodObject): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const required: Record<string, unknown> = {};
  const optional: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    if (passes(field, undefined)) optional.push(key);
    else required[key] = sample(field);
  }
  if (passes(schema, required)) return required;
  for (const key of optional) {
    const value = { ...required, [key]: sample(shape[key]) };
    if (passes(schema, value)) return value;
  }
  return required;
}
