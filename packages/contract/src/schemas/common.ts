import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { MSG } from '../messages.ts';
import { HASHED_PASSWORD } from '../password.ts';

/** A field's error text: 'is required' when it is missing, else the given complaint. */
export const says = (complaint: string) => ({
  error: (issue: { code?: string; input?: unknown }) => {
    if (issue.input === undefined) return 'is required';
    // Only what the complaint is about (type, format, choice): bounds keep their own messages.
    return ['invalid_type', 'invalid_union', 'invalid_value', 'invalid_format'].includes(issue.code ?? '')
      ? complaint
      : undefined;
  },
});

export const id = z.uuid(says('must be a valid id'));
export type Id = z.infer<typeof id>;

/** Booleans in queries accept true/false and 1/0. */
export const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1');

export const pageQuery = z.object({
  page_num: z.coerce
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(1)
    .default(1)
    .describe('The page, from 1.'),
  page_size: z.coerce
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(20)
    .describe(`Rows a page, 1 to ${MAX_PAGE_SIZE}.`),
  is_deleted: queryBool.optional().describe('true: the deleted records instead (where the list offers them).'),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const status01 = z.union([z.literal(0), z.literal(1)], says('must be 0 or 1'));
export type Status01 = z.infer<typeof status01>;

/**
 * What PostgreSQL text cannot hold: NUL, and UTF-16 surrogates without their pair (they have no UTF-8 form).
 * Checked on code units (no `u` flag), so a well-formed pair passes and a lone half does not.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** True when the text can be stored as it is. */
export const storable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Text made storable where refusing it is not the answer (an uploaded file's own name): NUL and other control
 * characters dropped, unpaired surrogates replaced by U+FFFD. */
export const storableText = (s: string) =>
  s.replace(CONTROL, '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

/**
 * The one string rule of the API: every text a request carries (bodies, queries, form fields, nested strings of
 * JSON sections) is built from this, so text the database cannot store is a 400 naming the field.
 * Callers bound it (`.max`); `text`, `filterText` and `httpUrl` below do.
 */
export const safeString = () => z.string(says('must be text')).refine(storable, { error: MSG.textUnstorable });

/** Free text of a form field: optional, trimmed, bounded. */
export const text = (max = 200) =>
  safeString()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish();

/** A list's text filter (`?name=`, `?email=`, `?content=`): optional, trimmed, bounded. */
export const filterText = (max = 200) =>
  safeString()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/** True for an absolute http:// or https:// address (no spaces). */
export const isHttpUrl = (u: string) => {
  if (!/^https?:\/\/[^\s]+$/i.test(u)) return false;
  try {
    const url = new URL(u);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The one URL rule: a link a visitor may follow or load (images, graphs, buttons, websites, discography) is an
 * http(s) address; `javascript:`, `data:` and the rest are refused. Empty text is accepted (no link).
 */
export const httpUrl = (max = 2000) =>
  safeString()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((u) => u === '' || isHttpUrl(u), { error: MSG.httpUrlOnly });

export const email = safeString()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'must be a valid email' }));

export const hashedPassword = z
  .string(says('must be text'))
  .regex(HASHED_PASSWORD, { error: 'must be the SHA-256 hex of the password' });

export const isoTime = z.string();
export type IsoTime = z.infer<typeof isoTime>;

/** `/{resource}/:id` path parameters. */
export const idParams = z.object({ id: id.describe("The record's id.") });
export type IdParams = z.infer<typeof idParams>;
