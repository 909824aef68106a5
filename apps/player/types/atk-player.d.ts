/**
 * The ATK player's elements for a host page written in TypeScript: `<atk-player>` (the desktop player) and
 * `<atk-mobile-player>` (the mobile widget), their methods, read-only state and events. Served beside the script as
 * `{PUBLIC_URL}/player/atk-player.d.ts`; React 19 pages add `atk-player-react.d.ts` for the JSX elements.
 * README "Embed the player" and docs/api.md "The player on the host page" describe each event and method.
 *
 * The player's own code is checked against this file (apps/player/src/shared/host-element.ts imports it), so what
 * it declares is what the script does.
 */

/** The consent the page's banner gives (the `consent` attribute): pending and denied store nothing on the device. */
export type AtkConsent = 'pending' | 'granted' | 'denied';

/** `open()`'s options: the instance (else the `instance-id` attribute) and where the player opens. */
export interface AtkOpenOptions {
  instance?: string;
  product?: string;
  song?: string;
  source?: string;
}

/** A product as the `atk-ready` event lists it. */
export interface AtkProductInfo {
  id: string;
  name: string;
  brand: string;
}

/** Every event's detail names the instance (its id). */
export interface AtkDetail {
  instance: string;
}

export interface AtkReadyDetail extends AtkDetail {
  /** The instance's name, and its brand's. */
  name: string;
  brand: string;
  products: AtkProductInfo[];
  songs: { id: string; name: string; sources: { id: string; name: string }[] }[];
}

/** What is heard: the product, song and source (ids), and the position in seconds. */
export interface AtkPlaybackDetail extends AtkDetail {
  product: string | null;
  song: string | null;
  source: string | null;
  position: number;
}

export interface AtkSwitchDetail extends AtkDetail {
  /** The product heard before (null when none was) and the one heard now. */
  from: string | null;
  to: string;
  /** Where the playhead was, in seconds: the clock runs on across a switch. */
  position: number;
  /** A blind test is on and not revealed: the listener does not see which product this is. */
  blind: boolean;
}

export interface AtkSeekDetail extends AtkDetail {
  from: number;
  to: number;
}

export interface AtkSelectionDetail extends AtkDetail {
  song: string | null;
  source: string | null;
}

export interface AtkLevelMatchDetail extends AtkDetail {
  on: boolean;
}

export interface AtkRevealDetail extends AtkDetail {
  /** The products as the blind test showed them (A, B, …). */
  products: string[];
  /** The product the listener voted for; null: no preference, or revealed without a vote. */
  pick: string | null;
}

export interface AtkVoteDetail extends AtkDetail {
  pick: string | null;
  products: string[];
}

export interface AtkAbxResultDetail extends AtkDetail {
  trials: number;
  correct: number;
  /** The chance of scoring this well by guessing (one-sided binomial), 0 to 1. */
  p: number;
}

export interface AtkBuyClickDetail extends AtkDetail {
  product: string;
  productName: string;
  /** The product's brand. */
  brand: string;
  /**
   * Which link: the buy button's destination for the visitor's currency (`currency`) or its default (`default`),
   * or one of the mobile widget's retailers (`retailer`).
   */
  link: 'currency' | 'default' | 'retailer';
  retailer: string | null;
  retailerName: string | null;
  url: string;
  /** The product's price in `currency`, when the player shows one. */
  price: number | null;
  currency: string | null;
}

export interface AtkErrorDetail extends AtkDetail {
  /** What failed, in words (the text the player shows). */
  message: string;
}

/** The events, by name: `element.addEventListener('atk-play', (e) => e.detail.product)`. */
export interface AtkPlayerEventMap {
  'atk-ready': CustomEvent<AtkReadyDetail>;
  'atk-open': CustomEvent<AtkDetail>;
  'atk-close': CustomEvent<AtkDetail>;
  'atk-play': CustomEvent<AtkPlaybackDetail>;
  'atk-pause': CustomEvent<AtkPlaybackDetail>;
  'atk-ended': CustomEvent<AtkPlaybackDetail>;
  'atk-switch': CustomEvent<AtkSwitchDetail>;
  'atk-seek': CustomEvent<AtkSeekDetail>;
  'atk-song-change': CustomEvent<AtkSelectionDetail>;
  'atk-source-change': CustomEvent<AtkSelectionDetail>;
  'atk-level-match': CustomEvent<AtkLevelMatchDetail>;
  'atk-reveal': CustomEvent<AtkRevealDetail>;
  'atk-vote': CustomEvent<AtkVoteDetail>;
  'atk-abx-result': CustomEvent<AtkAbxResultDetail>;
  'atk-buy-click': CustomEvent<AtkBuyClickDetail>;
  'atk-error': CustomEvent<AtkErrorDetail>;
}

/** The methods and state both elements have. Methods wait for the player's code and its instance. */
export interface AtkPlayerApi {
  /** Opens the player (on `options.instance`, else the `instance-id` attribute); resolves once it is ready. */
  open(options?: AtkOpenOptions): Promise<this>;
  close(): void;
  play(): Promise<void>;
  pause(): Promise<void>;
  seek(seconds: number): Promise<void>;
  /** Hears this product (brought into the comparison if it is not in it). */
  select(product: string): Promise<void>;
  selectSong(song: string, source?: string): Promise<void>;
  selectSource(source: string): Promise<void>;
  /** The same as setting the `consent` attribute. */
  setConsent(consent: AtkConsent): void;
  readonly isOpen: boolean;
  readonly playing: boolean;
  /** Seconds into the song. */
  readonly position: number;
  readonly selectedProduct: string | null;
  readonly selectedSong: string | null;
  readonly selectedSource: string | null;
  readonly instanceId: string | null;
}

export interface AtkPlayerElement extends HTMLElement, AtkPlayerApi {
  addEventListener<K extends keyof AtkPlayerEventMap>(
    type: K,
    listener: (this: AtkPlayerElement, event: AtkPlayerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof AtkPlayerEventMap>(
    type: K,
    listener: (this: AtkPlayerElement, event: AtkPlayerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** The mobile widget: the same methods, state and events (it has no level matching). */
export type AtkMobilePlayerElement = AtkPlayerElement;

/** The attributes the elements read. */
export interface AtkPlayerAttributes {
  'instance-id'?: string;
  status?: 'show' | 'hide';
  /** `<atk-player>` only: a floating panel, `"right,bottom"` offsets in px. */
  mini?: string;
  privacy?: 'strict';
  /** Pushes the player's events to `window.dataLayer`. */
  analytics?: 'datalayer';
  consent?: AtkConsent;
}

declare global {
  interface HTMLElementTagNameMap {
    'atk-player': AtkPlayerElement;
    'atk-mobile-player': AtkMobilePlayerElement;
  }
}
