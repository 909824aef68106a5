/**
 * The `<atk-player>` element, loaded by brands' pages from `{PUBLIC_URL}/player/atk-player.js`.
 *
 * Launch API (packages/contract/src/player-launch.ts): a launch button sets `instance-id`, `status="show"` and
 * optionally `mini="right,bottom"` (px offsets of the floating panel). The element then reads the public instance
 * (GET {API origin}/api/v1/atk_player/widget/instances/{id}) from the origin this script came from and shows a
 * dialog, or a mini floating panel. The frame (header, close, focus, Escape, loading and error states) is drawn
 * here; the player itself is the app chunk (`atk-player-app.js`, React-style components on Preact), imported from
 * the same directory on the first launch and mounted into the panel. Everything lives in the element's shadow root; it
 * defines nothing global except the custom element itself.
 *
 * The page drives it too (./shared/host-element.ts, types/atk-player.d.ts): methods, read-only state, events, the
 * `analytics` and `consent` attributes.
 *
 * A page opened from a share link (`?atk_instance=…&atk_product=…&atk_song=…&atk_source=…`) launches that
 * instance by itself, and the app preselects the product, song and source.
 */
import { PLAYER_TAG, PLAYER_TEXT, type PlayerInstance, parseMini } from '@atk/contract';
import { API_BASE, WIDGET_INSTANCES_PATH } from '@atk/contract/constants';
import type { AppHandle, AppModule } from './desktop/types.ts';
import { chunkImporter, loaderUrl } from './loader.ts';
import { HostElement } from './shared/host-element.ts';
import { launchShared, parseShare, type ShareSelection } from './shared/share.ts';
import { STYLES } from './styles.ts';

/** The app chunk's content hash, set by build.mjs (a new build is a new URL past every cache). */
declare const __ATK_APP_VERSION__: string;

/** Where the API lives: the origin of this script (a brand's page is another origin). */
const scriptSrc = loaderUrl('atk-player.js');
const API = new URL(API_BASE, scriptSrc).href;

let app: AppModule | null = null;
const importApp = chunkImporter<AppModule>(
  'atk-player-app.js',
  typeof __ATK_APP_VERSION__ === 'string' ? __ATK_APP_VERSION__ : 'dev',
  scriptSrc,
);
/** The app chunk (kept once in, so a later launch mounts it at once). */
const loadApp = () =>
  importApp().then((m) => {
    app = m;
    return m;
  });

/** A share link's selection, handed to the app on the launch it starts (once). */
let shared: ShareSelection | null = parseShare(location.search);

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: PlayerInstance }
  | { state: 'error'; message: string; retry: boolean };

/** One read per instance id per page (the server's ETag revalidates across visits). */
const reads = new Map<string, Promise<Load>>();

/**
 * A signed-in preview's token goes only to the API of the page's own origin (the console): never across origins,
 * where it would need a preflight and could reach a page it was not meant for.
 */
const sameOrigin = new URL(API).origin === location.origin;

function request(id: string, token: string | null): Promise<Load> {
  const init: RequestInit = token
    ? { credentials: 'omit', cache: 'no-store', headers: { authorization: `Bearer ${token}` } }
    : // Revalidated at every page's first launch (the ETag makes an unchanged read a 304): what an operator or a
      // brand saved is seen by the next launch, not a minute later when the browser's copy expires.
      { credentials: 'omit', cache: 'no-cache' };
  return fetch(`${API}${WIDGET_INSTANCES_PATH}/${encodeURIComponent(id)}`, init)
    .then(async (res): Promise<Load> => {
      const body = (await res.json()) as { code?: number; msg?: string; data?: PlayerInstance };
      if (res.ok && body.code === 200 && body.data) return { state: 'ready', data: body.data };
      if (res.status === 404) return { state: 'error', message: PLAYER_TEXT.notAvailable, retry: false };
      return { state: 'error', message: body.msg || PLAYER_TEXT.notAvailable, retry: true };
    })
    .catch((): Load => ({ state: 'error', message: PLAYER_TEXT.networkError, retry: true }));
}

function readInstance(id: string, token: string | null): Promise<Load> {
  // A preview is read afresh at every launch (it shows the latest edits) and never shares the visitors' read.
  if (token && sameOrigin) return request(id, token);
  let read = reads.get(id);
  if (!read) {
    read = request(id, null);
    reads.set(id, read);
    // Failures, and answers whose audio is still being prepared, are not remembered: the next launch asks again.
    read.then((r) => (r.state === 'error' || (r.state === 'ready' && r.data.preparing === 1)) && reads.delete(id));
  }
  return read;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

let counter = 0;

/** While nothing is playable yet but audio is being prepared, the open player reads again every 3 s, for 2 min. */
const POLL_MS = 3000;
const POLLS = 40;

const preparing = (load: Load) => load.state === 'ready' && load.data.preparing === 1 && load.data.songs.length === 0;

class AtkPlayer extends HostElement {
  static get observedAttributes() {
    return ['instance-id', 'status', 'mini', 'consent'];
  }

  /**
   * The launch API's signed-in preview token (`launchPlayer`'s `previewToken`), held in memory only. Declared, not
   * initialised: a value set before the element is upgraded stays in place.
   */
  declare previewToken?: string | null;
  readonly #root: ShadowRoot;
  readonly #titleId = `atk-player-title-${++counter}`;
  #load: Load = { state: 'loading' };
  #loadedId: string | null = null;
  #loadedToken: string | null = null;
  #shown = false;
  #returnFocus: Element | null = null;
  #queued = false;
  /** The mounted app, its host node (moved into each new panel) and the data it shows. */
  #app: AppHandle | null = null;
  #appHost: HTMLElement | null = null;
  #appData: PlayerInstance | null = null;
  #poll: ReturnType<typeof setTimeout> | undefined;
  #polls = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    const sheet = supportsAdopted() ? new CSSStyleSheet() : null;
    if (sheet) {
      // A constructed sheet is not inline style: a host page's CSP without 'unsafe-inline' does not block it.
      sheet.replaceSync(STYLES);
      this.#root.adoptedStyleSheets = [sheet];
    } else this.#root.append(el('style', {}, STYLES));
    this.#root.addEventListener('keydown', (e) => this.#onKey(e as KeyboardEvent));
  }

  connectedCallback() {
    this.#update();
  }

  disconnectedCallback() {
    document.removeEventListener('keydown', this.#onDocumentKey, true);
    this.#unmountApp();
  }

  attributeChangedCallback(name: string) {
    // The page's consent banner decided: the player's privacy follows at once, mid-visit.
    if (name === 'consent') return this.#app?.update({ strict: this.strict });
    // launchPlayer sets several attributes in a row: draw once.
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#update();
    });
  }

  get #instanceId() {
    return (this.getAttribute('instance-id') ?? '').trim();
  }

  get #mini() {
    if (!this.hasAttribute('mini')) return null;
    return parseMini(this.getAttribute('mini')) ?? { right: 20, bottom: 20 };
  }

  #close = () => this.setAttribute('status', 'hide');

  #onDocumentKey = (e: KeyboardEvent) => {
    // The modal dialog closes on Escape wherever the focus is.
    if (e.key === 'Escape' && this.#shown && !this.#mini) {
      e.stopPropagation();
      this.#close();
    }
  };

  #onKey(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.#close();
    } else if (e.key === 'Tab' && !this.#mini) this.#trapFocus(e);
  }

  #update() {
    const id = this.#instanceId;
    const show = this.getAttribute('status') === 'show' && id !== '' && this.isConnected;
    if (!show) {
      this.#hide();
      return;
    }
    const opening = !this.#shown;
    if (opening) {
      this.#returnFocus = document.activeElement;
      this.opened();
    }
    this.#shown = true;
    document.addEventListener('keydown', this.#onDocumentKey, true);
    const token = this.previewToken || null;
    const stale = token !== this.#loadedToken || (token !== null && opening);
    if (id !== this.#loadedId || stale || this.#load.state === 'error' || preparing(this.#load)) this.#fetch(id);
    else this.#render();
  }

  #fetch(id: string, quiet = false) {
    clearTimeout(this.#poll);
    if (!quiet) this.#polls = 0;
    this.#loadedId = id;
    const token = this.previewToken || null;
    this.#loadedToken = token;
    if (!quiet) {
      this.#load = { state: 'loading' };
      this.#render();
    }
    readInstance(id, token).then((load) => {
      // another instance (or the same one, for a preview or not) was launched meanwhile
      if (this.#loadedId !== id || this.#loadedToken !== token) return;
      this.#load = load;
      if (!this.#shown) return;
      if (load.state === 'error') this.failed(load.message);
      else if (load.state === 'ready' && load.data.products.length === 0) this.failed(PLAYER_TEXT.noProducts);
      this.#render();
      if (preparing(load) && this.#polls++ < POLLS) this.#poll = setTimeout(() => this.#fetch(id, true), POLL_MS);
    });
  }

  #hide() {
    clearTimeout(this.#poll);
    document.removeEventListener('keydown', this.#onDocumentKey, true);
    const wasShown = this.#shown;
    this.#shown = false;
    const hadFocus = this.#root.activeElement !== null;
    this.#unmountApp();
    this.closed(wasShown);
    for (const node of [...this.#root.children]) if (node.tagName !== 'STYLE') node.remove();
    // Focus goes back to where it was before opening (the launch button), if it was inside the player.
    const back = this.#returnFocus as HTMLElement | null;
    this.#returnFocus = null;
    if (wasShown && hadFocus && back && typeof back.focus === 'function' && back.isConnected) back.focus();
  }

  #render() {
    const mini = this.#mini;
    const hadFocus = this.#root.activeElement;
    const load = this.#load;
    // The app stays mounted while the same instance is shown (its node moves into the new panel).
    const keep = load.state === 'ready' && this.#appHost && this.#appData === load.data ? this.#appHost : null;
    if (!keep) this.#unmountApp();
    for (const node of [...this.#root.children]) if (node.tagName !== 'STYLE') node.remove();
    let mountApp = false;

    const title = el(
      'h2',
      { id: this.#titleId, class: 'title' },
      (load.state === 'ready' && load.data.name) || PLAYER_TEXT.label,
    );
    const heading = el('div', { class: 'heading' }, title);
    if (load.state === 'ready' && load.data.brand_name)
      heading.append(el('p', { class: 'brand', part: 'brand' }, load.data.brand_name));
    const close = el('button', { type: 'button', class: 'close', 'aria-label': PLAYER_TEXT.close, part: 'close' }, '×');
    close.addEventListener('click', this.#close);

    const body = el('div', { class: 'body' });
    if (load.state === 'loading') {
      body.setAttribute('aria-busy', 'true');
      body.append(el('p', { class: 'message', role: 'status' }, PLAYER_TEXT.loading));
    } else if (load.state === 'error') {
      body.append(el('p', { class: 'message error', role: 'alert' }, load.message));
      if (load.retry) body.append(this.#retryButton());
    } else if (load.data.products.length === 0) {
      body.append(el('p', { class: 'message' }, PLAYER_TEXT.noProducts));
    } else if (preparing(load)) {
      body.append(el('p', { class: 'message', role: 'status' }, PLAYER_TEXT.preparing), this.#retryButton());
    } else if (keep) {
      body.append(keep);
    } else if (app) {
      mountApp = true;
    } else {
      body.setAttribute('aria-busy', 'true');
      body.append(el('p', { class: 'message', role: 'status' }, PLAYER_TEXT.loading));
      const data = load.data;
      loadApp().then(
        () => this.#shown && this.#load.state === 'ready' && this.#load.data === data && this.#render(),
        () => {
          if (!this.#shown || this.#load.state !== 'ready' || this.#load.data !== data) return;
          this.#load = { state: 'error', message: PLAYER_TEXT.networkError, retry: true };
          this.failed(PLAYER_TEXT.networkError);
          this.#render();
        },
      );
    }

    const panel = el(
      'section',
      {
        class: mini ? 'panel mini' : 'panel',
        part: 'panel',
        role: 'dialog',
        'aria-modal': mini ? 'false' : 'true',
        'aria-labelledby': this.#titleId,
        tabindex: '-1',
      },
      el('header', { class: 'header' }, heading, close),
    );
    // A signed-in preview of an instance visitors cannot see yet says so above everything else.
    if (load.state === 'ready' && load.data.preview === 1)
      panel.append(el('p', { class: 'preview', part: 'preview', role: 'note' }, PLAYER_TEXT.preview));
    panel.append(body);
    if (mini) {
      panel.style.right = `${mini.right}px`;
      panel.style.bottom = `${mini.bottom}px`;
      this.#root.append(panel);
    } else {
      const backdrop = el('div', { class: 'backdrop', part: 'backdrop' });
      backdrop.addEventListener('click', this.#close);
      this.#root.append(backdrop, panel);
    }
    if (keep) this.#app?.update({ mini: !!mini });
    else if (mountApp && app && load.state === 'ready') {
      const host = el('div', { class: 'app-host' });
      body.append(host);
      const initial = this.initialFor(load.data._id, shared);
      if (shared?.instance === load.data._id) shared = null;
      this.#appHost = host;
      this.#appData = load.data;
      this.#app = app.mount(host, {
        root: this.#root,
        data: load.data,
        api: API,
        mini: !!mini,
        strict: this.strict,
        initial,
        host: this.link(load.data),
      });
    }
    // Keep focus inside while it was there; move it in when the modal opens.
    if (hadFocus || (!mini && !this.contains(document.activeElement))) close.focus({ preventScroll: true });
  }

  #retryButton() {
    const retry = el('button', { type: 'button', class: 'retry' }, PLAYER_TEXT.retry);
    retry.addEventListener('click', () => this.#fetch(this.#instanceId));
    return retry;
  }

  #unmountApp() {
    const handle = this.#app;
    this.#app = null;
    this.#appHost = null;
    this.#appData = null;
    this.unlinked();
    handle?.unmount();
  }

  #trapFocus(e: KeyboardEvent) {
    const focusable = [
      ...this.#root.querySelectorAll<HTMLElement>(
        'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((node) => node.getClientRects().length > 0);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = this.#root.activeElement;
    if (e.shiftKey && (active === first || !active)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  }
}

function supportsAdopted(): boolean {
  try {
    return 'adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype;
  } catch {
    return false;
  }
}

if (!customElements.get(PLAYER_TAG)) customElements.define(PLAYER_TAG, AtkPlayer);

/** Opened from a share link: launch that instance on the page's player element (made when there is none). */
if (shared) launchShared(PLAYER_TAG, shared.instance);
