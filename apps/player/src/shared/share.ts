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

/** The mobile widget's own parameters: a page may load both widgets, and each opens only its own links. */
export const MOBILE_SHARE_PARAMS = {
  instance: 'atkm_instance',
  product: 'atkm_product',
  song: 'atkm_song',
  source: 'atkm_source',
} as const;
type Params = typeof SHARE_PARAMS | typeof MOBILE_SHARE_PARAMS;

/** `href` with the selection set (other parameters and the fragment kept; stale `atk_…` ones replaced). */
export function buildShareUrl(href: string, selection: ShareSelection, names: Params = SHARE_PARAMS): string {
  const url = new URL(href);
  for (const [key, param] of Object.entries(names) as [keyof ShareSelection, string][]) {
    const value = selection[key];
    if (value) url.searchParams.set(param, value);
    else url.searchParams.delete(param);
  }
  return url.href;
}

/** The selection a shared link carries, or null when it names no instance. */
export function parseShare(search: string, names: Params = SHARE_PARAMS): ShareSelection | null {
  const params = new URLSearchParams(search);
  const clean = (v: string | null) => (v && /^[\w-]{1,100}$/.test(v) ? v : null);
  const instance = clean(params.get(names.instance));
  if (!instance) return null;
  return {
    instance,
    product: clean(params.get(names.product)),
    song: clean(params.get(names.song)),
    source: clean(params.get(names.source)),
  };
}

/**
 * Opened from a share link: launches the shared instance on the page's element of `tag` (one is made when the page
 * has none), once the document is parsed.
 */
export function launchShared(tag: string, instanceId: string): void {
  const launch = () => {
    let element = document.querySelector(tag);
    if (!element) {
      element = document.createElement(tag);
      document.body.append(element);
    }
    element.setAttribute('instance-id', instanceId);
    element.setAttribute('status', 'show');
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', launch, { once: true });
  else launch();
}
