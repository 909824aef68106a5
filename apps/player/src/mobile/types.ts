/** What the mobile loader (atk-mobile.ts) hands its app chunk (atk-mobile-app.js): type-only, shared by both. */
import type { MobilePlayerInstance } from '@atk/contract';
import type { ShareSelection } from '../shared/share.ts';

export interface MobileOptions {
  /** The element's shadow root: the app adds its stylesheet there. */
  root: ShadowRoot;
  data: MobilePlayerInstance;
  /** The API base (`{origin}/api/v1/atk_player`). */
  api: string;
  /** Strict privacy mode (../shared/privacy.ts): nothing stored on the device, no visitor id sent. */
  strict: boolean;
  /** A share link's selection, on the launch that link started. */
  initial: ShareSelection | null;
}
export interface MobileHandle {
  unmount(): void;
}
export interface MobileAppModule {
  mount(host: HTMLElement, options: MobileOptions): MobileHandle;
}
