/** What the loader (atk-player.ts) hands the app chunk (atk-player-app.js): type-only, shared by both bundles. */
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
  /** A shared link's selection, on the launch that link started. */
  initial: ShareSelection | null;
}

export interface AppHandle {
  update(options: Pick<AppOptions, 'mini'>): void;
  unmount(): void;
}

export interface AppModule {
  mount(host: HTMLElement, options: AppOptions): AppHandle;
}
