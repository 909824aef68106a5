/**
 * The `<atk-mobile-player>` element (contract MOBILE_PLAYER_TAG), loaded from `{PUBLIC_URL}/player/atk-mobile.js`:
 * the phone-first widget of a mobile instance. Attributes as `<atk-player>`: `instance-id` and `status`
 * (show/hide). On show it reads the public mobile instance (GET {API}/widget/mobile_instances/{id}) from the origin
 * this script came from, covers the screen, and mounts the app chunk (`atk-mobile-app.js`, imported on the first
 * launch). Everything lives in the element's shadow root; the host page is never restyled.
 *
 * The page drives it as it drives `<atk-player>` (./shared/host-element.ts, types/atk-player.d.ts): methods,
 * read-only state, events, the `analytics` and `consent` attributes.
 *
 * A page opened from the widget's share link (`?atkm_instance=…&atkm_product=…&atkm_song=…&atkm_source=…`)
 * launches that instance by itself with that selection.
 */
import type { MobilePlayerInstance } from '@atk/contract';
import { PLAYER_TEXT } from '@atk/contract';
import { API_BASE, MOBILE_PLAYER_TAG, WIDGET_MOBILE_INSTANCES_PATH } from '@atk/contract/constants';
import { chunkImporter, loaderUrl } from './loader.ts';
import type { MobileAppModule, MobileHandle } from './mobile/types.ts';
import { HostElement } from './shared/host-element.ts';
import { launchShared, MOBILE_SHARE_PARAMS, parseShare, type ShareSelection } from './shared/share.ts';

declare const __ATK_MOBILE_VERSION__: string;

const scriptSrc = loaderUrl('atk-mobile.js');
const API = new URL(API_BASE, scriptSrc).href;
const loadApp = chunkImporter<MobileAppModule>(
  'atk-mobile-app.js',
  typeof __ATK_MOBILE_VERSION__ === 'string' ? __ATK_MOBILE_VERSION__ : 'dev',
  scriptSrc,
);

let shared: ShareSelection | null = parseShare(location.search, MOBILE_SHARE_PARAMS);

type Load = { ok: true; data: MobilePlayerInstance } | { ok: false; message: string };

/** Revalidated at every launch (an unchanged read is a 304); failures and answers still preparing are not kept. */
const reads = new Map<string, Promise<Load>>();
function read(id: string): Promise<Load> {
  let r = reads.get(id);
  if (!r) {
    r = fetch(`${API}${WIDGET_MOBILE_INSTANCES_PATH}/${encodeURIComponent(id)}`, {
      credentials: 'omit',
      cache: 'no-cache',
    })
      .then(async (res): Promise<Load> => {
        const body = (await res.json()) as { code?: number; data?: MobilePlayerInstance };
        if (res.ok && body.data) return { ok: true, data: body.data };
        return { ok: false, message: PLAYER_TEXT.notAvailable };
      })
      .catch((): Load => ({ ok: false, message: PLAYER_TEXT.networkError }));
    reads.set(id, r);
    r.then((l) => (!l.ok || l.data.preparing === 1) && reads.delete(id));
  }
  return r;
}

const STYLES = `:host{all:initial;display:block;width:0;height:0}
*,*::before,*::after{box-sizing:border-box}
.screen{position:fixed;inset:0;z-index:2147483000;display:flex;flex-direction:column;overflow:hidden;background:#0f141d;
color:#f4f6fa;font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-align:left;
-webkit-text-size-adjust:100%}
.top{display:flex;align-items:center;gap:8px;padding:6px 6px 6px 16px;border-bottom:1px solid #232b3a}
.title{flex:1;min-width:0;margin:0;font-size:17px;line-height:22px;font-weight:700;overflow:hidden;text-overflow:ellipsis;
white-space:nowrap}
.close{flex:none;width:44px;height:44px;border:0;border-radius:22px;background:transparent;color:inherit;font:400 28px/44px
system-ui,sans-serif;cursor:pointer}
.close:focus-visible,.retry:focus-visible{outline:2px solid #f59e0b;outline-offset:2px}
.body{flex:1;min-height:0;overflow-x:hidden;overflow-y:auto;-webkit-overflow-scrolling:touch}
.msg{margin:24px 16px;color:#c7cdd9}
.retry{margin:0 16px;min-height:44px;padding:0 18px;border:1px solid #f59e0b;border-radius:8px;background:transparent;
color:#f59e0b;font:600 15px system-ui,sans-serif}`;

const POLL_MS = 3000;

class AtkMobilePlayer extends HostElement {
  static get observedAttributes() {
    return ['instance-id', 'status', 'consent'];
  }
  private readonly root = this.attachShadow({ mode: 'open' });
  private handle: MobileHandle | null = null;
  private shownId: string | null = null;
  private returnFocus: Element | null = null;
  private poll: ReturnType<typeof setTimeout> | undefined;
  private queued = false;

  constructor() {
    super();
    const style = document.createElement('style');
    style.textContent = STYLES;
    this.root.append(style);
    this.root.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape') this.setAttribute('status', 'hide');
    });
  }
  connectedCallback() {
    this.update();
  }
  disconnectedCallback() {
    this.hide();
  }
  attributeChangedCallback(name: string) {
    if (name === 'consent') return this.handle?.update({ strict: this.strict });
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.update();
    });
  }

  private update() {
    const id = (this.getAttribute('instance-id') ?? '').trim();
    if (this.getAttribute('status') !== 'show' || !id || !this.isConnected) return this.hide();
    if (this.shownId === id) return;
    this.hide();
    this.returnFocus = document.activeElement;
    this.shownId = id;
    this.opened();
    this.show(id);
  }

  private frame(title: string) {
    for (const n of [...this.root.children]) if (n.tagName !== 'STYLE') n.remove();
    const screen = document.createElement('section');
    screen.className = 'screen';
    screen.setAttribute('role', 'dialog');
    screen.setAttribute('aria-modal', 'true');
    screen.setAttribute('aria-label', title);
    screen.setAttribute('part', 'screen');
    const top = document.createElement('header');
    top.className = 'top';
    const h = document.createElement('h2');
    h.className = 'title';
    h.textContent = title;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'close';
    close.setAttribute('aria-label', PLAYER_TEXT.close);
    close.textContent = '×';
    close.addEventListener('click', () => this.setAttribute('status', 'hide'));
    top.append(h, close);
    const body = document.createElement('div');
    body.className = 'body';
    screen.append(top, body);
    this.root.append(screen);
    close.focus({ preventScroll: true });
    return body;
  }

  private message(text: string, retry: boolean) {
    const body = this.frame(PLAYER_TEXT.label);
    const p = document.createElement('p');
    p.className = 'msg';
    p.setAttribute('role', retry ? 'alert' : 'status');
    p.textContent = text;
    body.append(p);
    if (retry) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'retry';
      b.textContent = PLAYER_TEXT.retry;
      b.addEventListener('click', () => this.shownId && this.show(this.shownId));
      body.append(b);
    }
  }

  /** Reads the instance and mounts the app chunk, or says why it cannot. */
  private async show(id: string) {
    this.message(PLAYER_TEXT.loading, false);
    const [load, app] = await Promise.all([read(id), loadApp().catch(() => null)]);
    if (this.shownId !== id) return;
    const fail = (text: string, retry: boolean) => {
      this.failed(text);
      this.message(text, retry);
    };
    if (!load.ok) return fail(load.message, load.message === PLAYER_TEXT.networkError);
    if (!app) return fail(PLAYER_TEXT.networkError, true);
    const data = load.data;
    if (data.products.length === 0) return fail(PLAYER_TEXT.noProducts, false);
    if (data.songs.length === 0 && data.preparing === 1) {
      // Nothing playable yet: read again until the audio is ready.
      this.message(PLAYER_TEXT.preparing, false);
      this.poll = setTimeout(() => this.shownId === id && this.show(id), POLL_MS);
      return;
    }
    const body = this.frame(data.name || PLAYER_TEXT.label);
    const initial = this.initialFor(data._id, shared);
    if (shared?.instance === data._id) shared = null;
    this.handle = app.mount(body, {
      root: this.root,
      data,
      api: API,
      strict: this.strict,
      initial,
      host: this.link(data),
    });
  }

  private hide() {
    clearTimeout(this.poll);
    const was = this.shownId !== null;
    this.shownId = null;
    this.handle?.unmount();
    this.handle = null;
    this.closed(was);
    for (const n of [...this.root.children]) if (n.tagName !== 'STYLE') n.remove();
    const back = this.returnFocus as HTMLElement | null;
    this.returnFocus = null;
    if (was && back?.isConnected && typeof back.focus === 'function') back.focus();
  }
}

if (!customElements.get(MOBILE_PLAYER_TAG)) customElements.define(MOBILE_PLAYER_TAG, AtkMobilePlayer);

/** Opened from the widget's share link: launch that instance on the page's element (made when there is none). */
if (shared) launchShared(MOBILE_PLAYER_TAG, shared.instance);
