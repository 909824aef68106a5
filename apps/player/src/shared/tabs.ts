/** The tab a key moves to in a row of tabs (ARIA tabs pattern: arrows wrap, Home and End); null for other keys. */
export function nextTab<T>(tabs: readonly T[], current: T, key: string): T | null {
  const i = tabs.indexOf(current);
  if (key === 'ArrowRight') return tabs[(i + 1) % tabs.length];
  if (key === 'ArrowLeft') return tabs[(i - 1 + tabs.length) % tabs.length];
  if (key === 'Home') return tabs[0];
  if (key === 'End') return tabs[tabs.length - 1];
  return null;
}
