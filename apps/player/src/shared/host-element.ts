/**
 * What `<atk-player>` and `<atk-mobile-player>` both offer the host page (types/atk-player.d.ts, docs/api.md "The
 * player on the host page"): the methods, which wait for the player's code and its instance; the read-only state;
 * the events, dispatched on the element (bubbling, composed) and, with `analytics="datalayer"`, pushed to the page's
 * dataLayer; the consent switch. Each loader extends it and tells it when the player opens, is ready, fails and
 * closes. In both loaders' bundles: keep it small.
 */
import type { AtkConsent, AtkOpenOptions, AtkPlayerApi, AtkReadyDetail } from '../../types/atk-player.d.ts';
import { type Control, type DetailOf, type HostEventName, type HostLink, pushToDataLayer } from './host-events.ts';
import { strictPrivacy } from './privacy.ts';
import type { ShareSelection } from './share.ts';

const CONSENTS: readonly AtkConsent[] = ['pending', 'granted', 'denied'];

/** What an instance's read gives the ready event (the desktop and mobile reads share these fields). */
export interface ReadyData {
  _id: string;
  name: string;
  brand_name?: string;
  products: { _id: string; name: string; brand_name: string }[];
  songs: { _id: string; name: string; sources: { _id: string; name: string }[] }[];
}

type Waiter = { resolve: (control: Control) => void; reject: (error: Error) => void };

export abstract class HostElement extends HTMLElement implements AtkPlayerApi {
  #control: Control | null = null;
  #info: AtkReadyDetail | null = null;
  #waiters: Waiter[] = [];
  /** Where open() asked the player to open: taken by the next mount of that instance. */
  #wanted: ShareSelection | null = null;

  // ── methods ────────────────────────────────────────────────────────────────────────────────────────
  async open(options: AtkOpenOptions = {}): Promise<this> {
    const instance = options.instance?.trim() || this.instanceId;
    if (!instance) throw new Error('open(): no instance: pass { instance } or set the instance-id attribute');
    const { product = null, song = null, source = null } = options;
    const live = this.#control !== null && this.isOpen && instance === this.instanceId;
    if (!live) {
      this.unlinked();
      this.#wanted = { instance, product, song, source };
      this.setAttribute('instance-id', instance);
      this.setAttribute('status', 'show');
    }
    const control = await this.#ready('open');
    if (product) this.#check('open', 'product', product);
    if (song) this.#check('open', 'song', song);
    if (source) this.#check('open', 'source', source, song ?? control.state().song);
    if (live) {
      if (song) control.selectSong(song, source ?? undefined);
      else if (source) control.selectSource(source);
      if (product) await control.select(product);
    }
    return this;
  }

  close(): void {
    this.setAttribute('status', 'hide');
  }

  async play(): Promise<void> {
    await (await this.#ready('play')).play();
  }

  async pause(): Promise<void> {
    (await this.#ready('pause')).pause();
  }

  async seek(seconds: number): Promise<void> {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
      throw new Error(`seek(): seconds must be a number of 0 or more, not ${String(seconds)}`);
    await (await this.#ready('seek')).seek(seconds);
  }

  async select(product: string): Promise<void> {
    const control = await this.#ready('select');
    this.#check('select', 'product', product);
    await control.select(product);
  }

  async selectSong(song: string, source?: string): Promise<void> {
    const control = await this.#ready('selectSong');
    this.#check('selectSong', 'song', song);
    if (source !== undefined) this.#check('selectSong', 'source', source, song);
    control.selectSong(song, source);
  }

  async selectSource(source: string): Promise<void> {
    const control = await this.#ready('selectSource');
    this.#check('selectSource', 'source', source, control.state().song);
    control.selectSource(source);
  }

  setConsent(consent: AtkConsent): void {
    if (!CONSENTS.includes(consent))
      throw new Error(`setConsent(): consent must be one of ${CONSENTS.join(', ')}, not ${String(consent)}`);
    this.setAttribute('consent', consent);
  }

  // ── state ──────────────────────────────────────────────────────────────────────────────────────────
  get isOpen(): boolean {
    return this.getAttribute('status') === 'show' && this.instanceId !== null;
  }
  get playing(): boolean {
    return this.#control?.state().playing ?? false;
  }
  get position(): number {
    return this.#control?.state().position ?? 0;
  }
  get selectedProduct(): string | null {
    return this.#control?.state().product ?? null;
  }
  get selectedSong(): string | null {
    return this.#control?.state().song ?? null;
  }
  get selectedSource(): string | null {
    return this.#control?.state().source ?? null;
  }
  get instanceId(): string | null {
    return this.getAttribute('instance-id')?.trim() || null;
  }

  // ── for the loaders ────────────────────────────────────────────────────────────────────────────────
  /**
   * Strict privacy (./privacy.ts): asked by the page or the browser (Global Privacy Control), or consent pending or
   * denied. The consent attribute absent: as before it existed.
   */
  protected get strict(): boolean {
    const consent = this.getAttribute('consent')?.trim().toLowerCase();
    return (
      strictPrivacy(this.getAttribute('privacy'), navigator as { globalPrivacyControl?: unknown }) ||
      consent === 'pending' ||
      consent === 'denied'
    );
  }

  protected emit<N extends HostEventName>(name: N, detail: DetailOf<N>): void {
    const full = { instance: this.instanceId ?? '', ...detail };
    this.dispatchEvent(new CustomEvent(`atk-${name}`, { detail: full, bubbles: true, composed: true }));
    if (this.getAttribute('analytics')?.trim().toLowerCase() === 'datalayer') pushToDataLayer(name, full);
  }

  /** The selection the app opens on: open()'s for this instance, else a share link's (`shared`). */
  protected initialFor(instance: string, shared: ShareSelection | null): ShareSelection | null {
    const wanted = this.#wanted?.instance === instance ? this.#wanted : null;
    this.#wanted = null;
    return wanted ?? (shared?.instance === instance ? shared : null);
  }

  /** The link the app is mounted with: its events go out through the element, and it says when it can be driven. */
  protected link(data: ReadyData): HostLink {
    return {
      emit: (name, detail) => this.emit(name, detail),
      ready: (control) => {
        this.#control = control;
        this.#info = {
          instance: data._id,
          name: data.name,
          brand: data.brand_name ?? '',
          products: data.products.map((p) => ({ id: p._id, name: p.name, brand: p.brand_name })),
          songs: data.songs.map((s) => ({
            id: s._id,
            name: s.name,
            sources: s.sources.map((src) => ({ id: src._id, name: src.name })),
          })),
        };
        const { instance: _, ...detail } = this.#info;
        this.emit('ready', detail);
        for (const w of this.#waiters.splice(0)) w.resolve(control);
      },
    };
  }

  /** The player's frame is shown (before its instance is read). */
  protected opened(): void {
    this.emit('open', {});
  }

  /** The player could not show its instance: waiting calls fail with the message, which the event carries too. */
  protected failed(message: string): void {
    this.#control = null;
    this.emit('error', { message });
    for (const w of this.#waiters.splice(0)) w.reject(new Error(message));
  }

  /** The app was taken down to show another instance: calls wait for the next one. */
  protected unlinked(): void {
    this.#control = null;
    this.#info = null;
  }

  /**
   * The player's frame is taken down: when it was shown, it was closed (or taken off the page) and calls still
   * waiting fail; else it is only cleared before it shows (calls wait on).
   */
  protected closed(wasShown: boolean): void {
    this.unlinked();
    if (!wasShown) return;
    for (const w of this.#waiters.splice(0)) w.reject(new Error('the player was closed'));
    this.emit('close', {});
  }

  // ── inside ─────────────────────────────────────────────────────────────────────────────────────────
  #ready(method: string): Promise<Control> {
    if (this.#control) return Promise.resolve(this.#control);
    if (!this.isOpen) return Promise.reject(new Error(`${method}(): the player is not open: call open() first`));
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Throws when the instance has no such product, song, or source (of `song`). */
  #check(method: string, what: 'product' | 'song' | 'source', id: string, song?: string | null): void {
    const info = this.#info;
    if (!info) return;
    const known =
      what === 'product'
        ? info.products.some((p) => p.id === id)
        : what === 'song'
          ? info.songs.some((s) => s.id === id)
          : info.songs.some((s) => s.id === song && s.sources.some((src) => src.id === id));
    if (!known) throw new Error(`${method}(): this player has no ${what} "${id}"`);
  }
}
