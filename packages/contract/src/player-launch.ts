/**
 * The documented launch API of the `<atk-player>` element: a launch button assigns these attributes to the element
 * (the integration guide, /client/integration; docs/architecture.md "The player"). The element itself ships with the
 * player.
 */
export interface PlayerLaunch {
  instanceId: string;
  status: 'show' | 'hide';
  /** Mini floating mode, offsets in px from the right and bottom edges. */
  mini?: { right: number; bottom: number };
  /**
   * Signed-in preview (the console's Preview): the session token of a brand user, so the player may read this
   * instance before it is published. Handed over in memory (the element's `previewToken` property), never as an
   * attribute or in a URL, where it would be logged or shared; the element sends it only to its own origin's API.
   */
  previewToken?: string;
}

export const PLAYER_TAG = 'atk-player';

/** Structural, so the contract needs no DOM types. */
export interface AttributeTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  /** The `<atk-player>` element's in-memory preview token (see `PlayerLaunch.previewToken`). */
  previewToken?: string | null;
}

export function launchPlayer(element: AttributeTarget, launch: PlayerLaunch): void {
  // Set before the attributes: the element reads it when they make it draw. A launch without one clears it.
  element.previewToken = launch.previewToken ?? null;
  element.setAttribute('instance-id', launch.instanceId);
  if (launch.mini) element.setAttribute('mini', `${launch.mini.right},${launch.mini.bottom}`);
  else element.removeAttribute('mini');
  element.setAttribute('status', launch.status);
}

/** The `mini` attribute ("right,bottom" in px) read back; null when absent or not two numbers ≥ 0. */
export function parseMini(value: string | null | undefined): { right: number; bottom: number } | null {
  const parts = (value ?? '').split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  return { right: Number(parts[0]), bottom: Number(parts[1]) };
}

/** What the `<atk-player>` element says to visitors (the player bundles this object, so keep it small). */
export const PLAYER_TEXT = {
  label: 'ATK Player',
  loading: 'Loading…',
  close: 'Close player',
  notAvailable: 'This player is not available.',
  networkError: 'Network error',
  retry: 'Try again',
  noProducts: 'No products yet.',
  preparing: 'The audio is being prepared. Please try again in a moment.',
  /** Over a signed-in preview of an instance that is not published yet. */
  preview: 'Preview – visitors cannot see this player until it is published.',
} as const;

/**
 * The players' "Your privacy" part of their information panel (About & help; the widget's INFO), with Forget me
 * (docs/api.md "What the statistics store, and for how long"). In the app chunks only, not the loaders.
 */
export const PRIVACY_TEXT = {
  heading: 'Your privacy',
  standard:
    'This player keeps an anonymous id in your browser to count visits and listening time; it is replaced every 13 months. Nothing else identifies you.',
  strict: 'This player stores nothing on your device.',
  forget: 'Forget me',
  forgotten: 'What this browser’s visits left on the server is erased',
  failed: 'The server could not be reached. Try again.',
} as const;
