import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

const storageKey = (pathname: string) => `atk:tab:${pathname}`;

/**
 * The chosen tab of a screen, remembered per route for the browser session (docs/architecture.md "Console
 * layers", Remembered tabs). `tabs` lists the valid keys; a stale stored key falls back to `fallback`.
 */
export function useRememberedTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const { pathname } = useLocation();
  const [tab, setTabState] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(storageKey(pathname));
      return stored && (tabs as readonly string[]).includes(stored) ? (stored as T) : fallback;
    } catch {
      return fallback;
    }
  });
  const setTab = useCallback(
    (next: T) => {
      setTabState(next);
      try {
        sessionStorage.setItem(storageKey(pathname), next);
      } catch {
        // storage unavailable: the choice lasts until the screen unmounts
      }
    },
    [pathname],
  );
  return [tab, setTab];
}
