import { useCallback, useRef } from 'react';

const FIELD = [
  'input:not([type="hidden"]):not(:disabled):not([readonly])',
  'textarea:not(:disabled):not([readonly])',
  '[contenteditable="true"]',
].join(',');

/**
 * A form dialog opens with focus in its first field (the dialog itself would put it on ×, so a keyboard user had
 * to tab past it to start typing); closing it returns focus to what opened it (the dialog's own behaviour). Put
 * `ref` on an element around the fields and give `afterOpenChange` to the Modal: it runs once the dialog is shown.
 */
export function useFirstFieldFocus<E extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (!open) return;
    const field = ref.current?.querySelector<HTMLElement>(FIELD);
    // a field the user already moved to is left alone
    if (field && !ref.current?.contains(document.activeElement)) field.focus();
  }, []);
  return { ref, afterOpenChange };
}
