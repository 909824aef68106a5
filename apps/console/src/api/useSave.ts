import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { isApiError, reportError } from './client.ts';
import { clearFieldErrors } from './fieldErrors.ts';

/** Lists and pages reload about 100 ms after a successful save. */
export const RELOAD_DELAY_MS = 100;

export interface SaveOptions<Vars, Data> {
  save: (vars: Vars) => Promise<Data>;
  /** The spec's success toast (e.g. MSG.createBrandSuccess); a function when it depends on what was saved. */
  success?: string | ((data: Data, vars: Vars) => string);
  /** Query keys (prefixes) to reload once saved. */
  invalidate?: QueryKey[];
  /** Runs after the toast (close a dialog, navigate); a promise it returns keeps the save pending. */
  onSaved?: (data: Data, vars: Vars) => unknown;
  /** Shows a failure instead of the server's msg toast (e.g. a refusal's upgrade dialog). */
  onError?: (error: Error, vars: Vars) => void;
  /**
   * Saves of one scope run one after another, in the order they were asked (TanStack Query's mutation scope):
   * two quick saves of one record (two uploads in a row) reach the server, and finish, in that order.
   */
  scope?: string;
  /** The form that was sent: the fields the server refuses show their errors under them (the toast the rest). */
  form?: FormInstance;
}

/**
 * The one way a screen saves (create, update, delete, confirm): TanStack Query's `useMutation`, the spec's
 * success toast, the server's msg as an error toast on failure (an expired authorization was already announced),
 * and the affected queries reloaded. `isPending` drives the button's spinner; `mutateAsync` rejects on failure,
 * so a dialog can stay open.
 */
export function useSave<Vars, Data = unknown>({
  save,
  success,
  invalidate = [],
  onSaved,
  onError,
  scope,
  form,
}: SaveOptions<Vars, Data>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation<Data, Error, Vars>({
    mutationFn: (vars) => {
      clearFieldErrors(form);
      return save(vars);
    },
    scope: scope ? { id: scope } : undefined,
    onSuccess: (data, vars) => {
      if (success) message.success(typeof success === 'function' ? success(data, vars) : success);
      if (invalidate.length)
        setTimeout(() => {
          for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
        }, RELOAD_DELAY_MS);
      return onSaved?.(data, vars);
    },
    onError: (e, vars) => {
      if (onError) return onError(e, vars);
      if (form && isApiError(e)) e.refused?.show(form);
      reportError(message.error, e);
    },
  });
}
