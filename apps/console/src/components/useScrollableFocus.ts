import { type RefObject, useEffect } from 'react';

/**
 * Makes each region under `ref` that matches `selector` and scrolls sideways (a table wider than a phone)
 * focusable, so a keyboard can scroll it too (WCAG 2.1.1); one that fits stays out of the tab order.
 */
export function useScrollableFocus(ref: RefObject<HTMLElement | null>, selector: string) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      for (const region of root.querySelectorAll<HTMLElement>(selector)) {
        if (region.scrollWidth > region.clientWidth) region.tabIndex = 0;
        else region.removeAttribute('tabindex');
      }
    };
    const resized = new ResizeObserver(update);
    resized.observe(root);
    const changed = new MutationObserver(update);
    changed.observe(root, { childList: true, subtree: true });
    update();
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref, selector]);
}
