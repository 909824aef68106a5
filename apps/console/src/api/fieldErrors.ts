/**
 * A refused request's fields (a validation 400's `data.errors`, docs/api.md "Refused fields") as the screen words
 * them: each becomes a sentence naming the field by the label the screen gives it, shown in red under that field
 * when the field is on screen; what no field shows is left for the error toast. The server's field path never
 * reaches the user.
 */
import type { FieldError } from '@atk/contract';
import type { FormInstance } from 'antd';

export type FieldPath = (string | number)[];

/** The refused fields an error's `data` lists (the contract's fieldErrorsData, read without zod), or null. */
export function refusedFieldsOf(data: unknown): FieldError[] | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const valid = errors.every(
    (e: Partial<FieldError> | null) =>
      Array.isArray(e?.path) && typeof e?.reason === 'string' && typeof e?.message === 'string',
  );
  return valid ? (errors as FieldError[]) : null;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export const ordinal = (n: number): string => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** What a field must be, in words, from the server's reason. */
export function complaint(error: FieldError): string {
  if (error.reason === 'required') return 'is required';
  if (error.reason === 'url') return 'must start with http:// or https://';
  if (error.reason === 'unstorable') return 'contains characters that cannot be saved';
  return error.message;
}

const words = (key: string) => key.replaceAll('_', ' ');
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.replace(/s$/, ''));

/**
 * A field's name when the screen gives none: its key in words, and the entry it belongs to by position
 * (`['content', 1, 'spotify_link']` → 'The spotify link of the 2nd entry'; section bodies sit under `content`).
 */
export function fallbackLabel(path: FieldPath): string {
  const named = path.filter((k): k is string => typeof k === 'string');
  const last = path.at(-1);
  const field = typeof last === 'string' ? words(last) : 'value';
  const index = [...path].reverse().find((k): k is number => typeof k === 'number');
  if (index === undefined) return capitalised(named.length ? field : 'The request');
  const at = path.lastIndexOf(index);
  const owner = path[at - 1];
  const noun = typeof owner === 'string' && owner !== 'content' ? singular(words(owner)) : 'entry';
  return typeof last === 'number'
    ? `The ${ordinal(index + 1)} ${noun}`
    : `The ${field} of the ${ordinal(index + 1)} ${noun}`;
}

/** The refused fields of one failed request, and which of them a field on screen already shows. */
export class RefusedFields {
  readonly errors: FieldError[];
  private readonly labels = new Map<FieldError, string>();
  private readonly onScreen = new Set<FieldError>();
  constructor(errors: FieldError[]) {
    this.errors = errors;
  }

  sentence(error: FieldError): string {
    return `${this.labels.get(error) ?? fallbackLabel(error.path)} ${complaint(error)}`;
  }

  /** The sentences no field on screen shows (all of them when `all`): what a toast says. */
  text(all = false): string {
    return this.errors
      .filter((e) => all || !this.onScreen.has(e))
      .map((e) => this.sentence(e))
      .join(' ');
  }

  /** Tells that the screen shows this refusal itself (beside a table's row), so no toast repeats it. */
  markShown(error: FieldError): void {
    this.onScreen.add(error);
  }

  get allShown(): boolean {
    return this.errors.every((e) => this.onScreen.has(e));
  }

  /**
   * Shows each refused field of `form` that is on screen under it, named by its label; a field is found by its
   * path, or by the path without its leading keys (the body's `general.name` is the dialog's `name`, a section's
   * `content.default.price` the tab's `default.price`). `label` names fields the form has no label for (a table's
   * rows). Answers whether any field was marked.
   */
  show(form: FormInstance | null | undefined, label?: (path: FieldPath) => string | undefined): boolean {
    let marked = false;
    for (const error of this.errors) {
      const custom = label?.(error.path);
      if (custom) this.labels.set(error, custom);
      const found = form ? fieldOnScreen(form, error.path) : null;
      if (!found) continue;
      if (!custom) this.labels.set(error, found.label ?? fallbackLabel(found.name));
      form?.setFields([{ name: found.name, errors: [this.sentence(error)] }]);
      this.onScreen.add(error);
      marked = true;
    }
    return marked;
  }
}

/**
 * Takes the errors off every field of `form` before it is sent again: a field without rules keeps an error set on
 * it (a server refusal, a check made on submit) until told otherwise, even once corrected.
 */
export function clearFieldErrors(form: FormInstance | null | undefined): void {
  const stale = form?.getFieldsError().filter((f) => f.errors.length > 0) ?? [];
  if (stale.length) form?.setFields(stale.map((f) => ({ name: f.name, errors: [] })));
}

/** The field a form shows for a server path, with its label's text (antd ids are `{form name}_{path joined by _}`). */
function fieldOnScreen(form: FormInstance, path: FieldPath): { name: FieldPath; label: string | null } | null {
  const formName = (form as FormInstance & { __INTERNAL__?: { name?: string } }).__INTERNAL__?.name;
  if (!formName || typeof document === 'undefined') return null;
  for (let start = 0; start < path.length; start++) {
    const name = path.slice(start);
    if (!name.length || typeof path[start - 1] === 'number') break;
    const id = `${formName}_${name.join('_')}`;
    const input = document.getElementById(id);
    if (!input) continue;
    const label = document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim();
    return { name, label: label || null };
  }
  return null;
}
