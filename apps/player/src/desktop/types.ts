/** What the loader (atk-player.ts) hands the app chunk (atk-player-app.js): type-only, shared by both bundles. */
import type { HostLink } from '../shared/host-events.ts';
import type { ShareSelection } from '../shared/share.ts';

export interface AppOptions {
  /** The element's shadow root: the app adds its stylesheet and listens for its keyboard shortcuts there. */
  root: ShadowRoot;
  /** The public read of the instance, as the server answered it. */
  data: unknown;
  /** The API base (`{origin}/api/v1/atk_player`). */
  api: string;
  mini: boolean;
  /** Strict privacy mode (../shared/privacy.ts): nothing stored on the device, no visitor id sent. */
  strict: boolean;
  /** Where the player opens: a shared link's selection, or the page's open() call's. */
  initial: ShareSelection | null;
  /** The element: where the player's events go, and where it says it can be driven. */
  host: HostLink;
}

export interface AppHandle {
  update(options: Partial<Pick<AppOptions, 'mini' | 'strict'>>): void;
  unmount(): void;
}

export interface AppModule {
  mount(host: HTMLElement, options: AppOptions): AppHandle;
}
