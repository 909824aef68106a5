/** The share link: the host page's address with the player's selection in `atk_…` query parameters. */

export interface ShareSelection {
  instance: string;
  product?: string | null;
  song?: string | null;
  source?: string | null;
}

export const SHARE_PARAMS = {
  instance: 'atk_instance',
  product: 'atk_product',
  song: 'atk_song',
  source: 'atk_source',
} as const;

/** `href` with the selection set (other parameters and the fragment kept; stale `atk_…` ones replaced). */
export function buildShareUrl(href: string, selection: ShareSelection): string {
  const url = new URL(href);
  for (const [key, param] of Object.entries(SHARE_PARAMS) as [keyof ShareSelection, string][]) {
    const value = selection[key];
    if (value) url.searchParams.set(param, value);
    else url.searchParams.delete(param);
  }
  return url.href;
}

/** The selection a shared link carries, or null when it names no instance. */
export function parseShare(search: string): ShareSelection | null {
  const params = new URLSearchParams(search);
  const clean = (v: string | null) => (v && /^[\w-]{1,100}$/.test(v) ? v : null);
  const instance = clean(params.get(SHARE_PARAMS.instance));
  if (!instance) return null;
  return {
    instance,
    product: clean(params.get(SHARE_PARAMS.product)),
    song: clean(params.get(SHARE_PARAMS.song)),
    source: clean(params.get(SHARE_PARAMS.source)),
  };
}
