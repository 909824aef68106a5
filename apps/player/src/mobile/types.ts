/** What the mobile loader (atk-mobile.ts) hands its app chunk (atk-mobile-app.js): type-only, shared by both. */
import type { MobilePlayerInstance } from '@atk/contract';
import type { HostLink } from '../shared/host-events.ts';
import type { ShareSelection } from '../shared/share.ts';

export interface MobileOptions {
  /** The element's shadow root: the app adds its stylesheet there. */
  root: ShadowRoot;
  data: MobilePlayerInstance;
  /** The API base (`{origin}/api/v1/atk_player`). */
  api: string;
  /** Strict privacy mode (../shared/privacy.ts): nothing stored on the device, no visitor id sent. */
  strict: boolean;
  /** Where the widget opens: a share link's selection, or the page's open() call's. */
  initial: ShareSelection | null;
  /** The element: where the widget's events go, and where it says it can be driven. */
  host: HostLink;
}
export interface MobileHandle {
  update(options: Pick<MobileOptions, 'strict'>): void;
  unmount(): void;
}
export interface MobileAppModule {
  mount(host: HTMLElement, options: MobileOptions): MobileHandle;
}
