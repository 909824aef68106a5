import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isApiError } from '../api/client.ts';
import { clearFieldErrors, type FieldPath } from '../api/fieldErrors.ts';
import { type TabBinding, useTabBinding } from './DirtyTabs.tsx';

/** A stable text of a value, to compare a tab's current content with the saved one. */
export const snapshot = (value: unknown): string => JSON.stringify(value ?? null);

interface TabFormBase<T> {
  /** The tab's binding; null when the tab registers one save for several parts itself (`useTabBinding`). */
  binding: TabBinding | null;
  /** The loaded value, taken as saved. */
  initial: T | (() => T);
  /**
   * Saves a value: resolves true when saved, false or rejects when not (a rejection with the server's refused
   * fields shows them on `form`, and marks the tab either way); `success` replaces the usual toast.
   */
  save: (value: T, success?: string) => Promise<boolean>;
  /** The save's `isPending`, handed back as `saving`. */
  saving?: boolean;
  /** How two values are compared (default: their JSON text). */
  snapshot?: (value: T) => string;
  /** What is sent (and then held), e.g. a list sorted by order. */
  prepare?: (value: T) => T;
  /** Names the refused fields no form field labels (a table's rows), by their path in the request. */
  fieldLabel?: (path: FieldPath) => string | undefined;
}

/**
 * A form tab gives its antd form with the reading of it: a tab that reads fields always has the form the server's
 * refused fields are shown on (in red under each, docs/api.md "Refused fields"), so no form tab can leave it out.
 */
interface FormTab<T> extends TabFormBase<T> {
  /** Reads the fields (the value sent), after `validate`. */
  read: () => T;
  /** Checks the fields before saving; a rejection stops the save (antd `validateFields`). */
  validate: () => Promise<unknown>;
  /** The tab's form: the fields the server refuses are shown in red under them. */
  form: FormInstance;
}

/** A tab whose value is held in state (a table, images, a rich text): refused fields go to the toast. */
interface ValueTab<T> extends TabFormBase<T> {
  read?: undefined;
  validate?: undefined;
  form?: undefined;
}

export type TabFormOptions<T> = FormTab<T> | ValueTab<T>;

/**
 * The saved/dirty state of a product or instance tab (a dirty tab is marked, leaving it asks to save),
 * written once instead of in every tab: the current value, the last saved one, `dirty` when they differ, and
 * `submit`, which saves (the current value, or `next`) and takes what was sent as saved. The save is registered
 * with the tab container, so SAVE CHANGES of the leave prompt runs the same `submit`.
 *
 * A form tab passes `read` (its fields as the value to save), `validate`, `form`, and calls `refresh` on every
 * change. A save the form's checks or the server refuse marks the tab until a save goes through.
 */
export function useTabForm<T>({
  binding,
  initial,
  save,
  saving = false,
  snapshot: snap = snapshot,
  read,
  validate,
  prepare,
  form,
  fieldLabel,
}: TabFormOptions<T>) {
  const [value, setValue] = useState<T>(initial);
  const [saved, setSaved] = useState<T>(value);
  const dirty = snap(value) !== snap(saved);

  const submit = async (next: T = value, success?: string): Promise<boolean> => {
    clearFieldErrors(form);
    if (validate) {
      try {
        await validate();
      } catch {
        binding?.setInvalid?.(true);
        return false;
      }
    }
    const read_ = read ? read() : next;
    const sent = prepare ? prepare(read_) : read_;
    const ok = await save(sent, success).catch((e: unknown) => {
      if (isApiError(e) && e.refused) {
        e.refused.show(form, fieldLabel);
        binding?.setInvalid?.(true);
      }
      return false;
    });
    if (ok) {
      binding?.setInvalid?.(false);
      setSaved(sent);
      // the tab holds what was sent, unless it was changed meanwhile
      setValue((current) => (current === value ? sent : current));
    }
    return ok;
  };

  /** Takes a value saved another way (e.g. a synchronisation) as both current and saved. */
  const markSaved = (next: T) => {
    setValue(next);
    setSaved(next);
  };

  useTabBinding(binding, dirty, () => submit());

  return {
    value,
    setValue,
    dirty,
    submit,
    saving,
    markSaved,
    /** Back to the saved value (CANCEL). */
    reset: () => setValue(saved),
    /** A form tab's change: the value is read again once the form has settled. */
    refresh: () => queueMicrotask(() => read && setValue(read())),
  };
}
