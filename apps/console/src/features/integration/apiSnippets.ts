/**
 * The integration guide's Player API tab: the element's methods, events, analytics and consent, as pure functions of
 * the portal's origin, the instance id and the instance's products (real ids and names), like snippets.ts. No React,
 * no DOM.
 *
 * The API they show is the element's (apps/player): `open({ instance?, product?, song?, source? })` resolves with the
 * element once ready; `play`, `pause`, `seek`, `select`, `selectSong`, `selectSource`, `close`, `setConsent`;
 * read-only `isOpen`, `playing`, `position`, `selectedProduct`, `instanceId`; `atk-…` DOM events; the `analytics`
 * and `consent` attributes.
 */
import { type Instance, PLAYER_HOST_EVENTS, PLAYER_TAG } from '@atk/contract';
import type { IntegrationGuide, Step } from './snippets.ts';

/** A product a snippet names: its id and its name. */
export interface SnippetProduct {
  id: string;
  name: string;
}

export const PLACEHOLDER_PRODUCT: SnippetProduct = { id: 'YOUR_PRODUCT_ID', name: 'YOUR PRODUCT' };

/**
 * The products the instance's player offers (active, not hidden from visitors), both lists, the featured slots
 * first, as the Player API's snippets name them.
 */
export function offeredProducts(instance: Pick<Instance, 'products' | 'other_products'> | undefined): SnippetProduct[] {
  if (!instance) return [];
  const offered = [...instance.products, ...instance.other_products].filter((p) => p.is_active === 1 && !p.hidden);
  const slot = (order: number | null) => order ?? Number.POSITIVE_INFINITY;
  return offered
    .map((p, i) => ({ p, i }))
    .sort((a, b) => slot(a.p.order) - slot(b.p.order) || a.i - b.i)
    .map(({ p }) => ({ id: p.product_id, name: p.name }));
}

/** The DOM events the element sends, each with its details in `event.detail`. */
export const PLAYER_EVENT_NAMES = PLAYER_HOST_EVENTS;

/** What analytics="datalayer" pushes to the page's dataLayer: the events by these names, a buy click as GA4's own. */
export const ANALYTICS_EVENT_NAMES = PLAYER_EVENT_NAMES.filter((e) => e !== 'atk-buy-click').map((e) =>
  e.replace(/-/g, '_'),
);
export const ANALYTICS_BUY_EVENT = 'begin_checkout';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A text inside single quotes of JavaScript (and of a <script>: no closing tag). */
const jsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/</g, '\\x3c').replace(/\n/g, '\\n');

/** One button per product, with its id, and the script opening the player on the clicked one and playing it. */
export function listenButtons(instanceId: string, products: SnippetProduct[]): string {
  const list = products.length > 0 ? products : [PLACEHOLDER_PRODUCT];
  const buttons = list.map(
    (p) => `<button type="button" data-atk-product="${escapeHtml(p.id)}">Listen to the ${escapeHtml(p.name)}</button>`,
  );
  return `${buttons.join('\n')}
<script>
  // ATK Player: each button opens the player on its product, then plays it
  customElements.whenDefined('${PLAYER_TAG}').then(() => {
    document.querySelectorAll('[data-atk-product]').forEach((b) =>
      b.addEventListener('click', () =>
        document
          .querySelector('${PLAYER_TAG}')
          .open({ instance: '${jsText(instanceId)}', product: b.dataset.atkProduct })
          .then((p) => p.play()),
      ),
    );
  });
</script>`;
}

/** The element's methods and read-only properties, one a line. */
export function methodsReference(instanceId: string, product: SnippetProduct): string {
  const id = jsText(instanceId);
  const pid = jsText(product.id);
  return `// in a module script (<script type="module">)
const player = document.querySelector('${PLAYER_TAG}');
await customElements.whenDefined('${PLAYER_TAG}');

// resolves with the player once it is ready; song and source are optional too
await player.open({ instance: '${id}', product: '${pid}' });
player.play();
player.pause();
player.seek(30); // seconds
player.select('${pid}'); // a product of the player
player.selectSong('SONG_ID');
player.selectSource('SOURCE_ID');
player.close();
player.setConsent('granted'); // or 'denied', 'pending'

// read only
player.isOpen; // true while it is shown
player.playing; // true while it plays
player.position; // seconds into the song
player.selectedProduct; // the product id shown
player.instanceId; // the instance shown`;
}

export const eventListener = (): string => `const player = document.querySelector('${PLAYER_TAG}');
player.addEventListener('atk-play', (e) => console.log(e.detail));
player.addEventListener('atk-buy-click', (e) => console.log(e.detail));`;

export function reactElement(instanceId: string): string {
  return `// React 19 passes on… props of a custom element on as its event listeners
<${PLAYER_TAG}
  instance-id="${escapeHtml(instanceId)}"
  onatk-play={(e) => console.log(e.detail)}
  onatk-buy-click={(e) => console.log(e.detail)}
/>`;
}

export const typingsUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}/player/${PLAYER_TAG}.d.ts`;

export const analyticsElement = (): string => `<${PLAYER_TAG} analytics="datalayer"></${PLAYER_TAG}>`;

/** consent="pending" and a banner of the page's own: its two buttons pass the choice on. */
export const consentBanner = (): string => `<${PLAYER_TAG} consent="pending"></${PLAYER_TAG}>
<script>
  // your consent banner's two buttons
  const atkConsent = (choice) =>
    customElements.whenDefined('${PLAYER_TAG}').then(() => document.querySelector('${PLAYER_TAG}').setConsent(choice));
  document.getElementById('accept-cookies').addEventListener('click', () => atkConsent('granted'));
  document.getElementById('refuse-cookies').addEventListener('click', () => atkConsent('denied'));
</script>`;

/**
 * Google Consent Mode: dataLayer.push wrapped to watch gtag's `['consent', 'update', { analytics_storage }]` (gtag
 * pushes its arguments), the entries pushed before it included, each passed on to the player.
 */
export const consentModeScript = (): string => `<script>
  // ATK Player follows Google Consent Mode's analytics_storage
  window.dataLayer = window.dataLayer || [];
  (() => {
    const follow = (entry) => {
      // gtag('consent', 'update', { analytics_storage: 'granted' }) pushes its arguments
      if (!entry || entry[0] !== 'consent' || entry[1] !== 'update' || !entry[2]) return;
      const choice = entry[2].analytics_storage;
      if (choice !== 'granted' && choice !== 'denied') return;
      customElements.whenDefined('${PLAYER_TAG}').then(() => document.querySelector('${PLAYER_TAG}').setConsent(choice));
    };
    Array.prototype.forEach.call(window.dataLayer, follow); // the updates pushed before this script
    const push = window.dataLayer.push;
    window.dataLayer.push = function (...entries) {
      entries.forEach(follow);
      return push.apply(this, entries);
    };
  })();
</script>`;

const list = (names: readonly string[]) => names.join(', ');

/** The Player API tab. */
export function apiGuide(options: {
  origin: string;
  instanceId: string;
  products: SnippetProduct[];
}): IntegrationGuide {
  const { origin, instanceId, products } = options;
  const first = products[0] ?? PLACEHOLDER_PRODUCT;
  const steps: Step[] = [
    {
      id: 'api-listen',
      title: 'Listen buttons',
      text: "A button for each product of this player opens it on that product and plays it. Load the style file and the script in the page head and place the player element in the body, as in the Developers tab's steps 1 and 2, then add these buttons and their script where the buttons should appear.",
      code: listenButtons(instanceId, products),
      language: 'html',
    },
    {
      id: 'api-methods',
      title: "The player's methods",
      text: "Call them once customElements.whenDefined('atk-player') has resolved. open() resolves with the player once it is ready to play.",
      code: methodsReference(instanceId, first),
      language: 'js',
    },
    {
      id: 'api-events',
      title: "Listen to the player's events",
      text: `The player tells what happens in it with events on its element, each with its details in event.detail: ${list(PLAYER_EVENT_NAMES)}.`,
      code: eventListener(),
      language: 'js',
    },
    {
      id: 'api-react',
      title: 'In React 19',
      text: 'React 19 sets the attributes of a custom element and adds its on… props as event listeners.',
      code: reactElement(instanceId),
      language: 'js',
    },
    {
      id: 'api-types',
      title: 'TypeScript',
      text: "The types of the element, its methods, properties and events: save this file in your project and add it to your tsconfig's files.",
      code: typingsUrl(origin),
      language: 'text',
    },
    {
      id: 'api-analytics',
      title: 'Your analytics',
      text: `Add analytics="datalayer" and the player pushes its events to your page's dataLayer, for Google Tag Manager or Google Analytics 4: ${list(ANALYTICS_EVENT_NAMES)}. A click on a buy button is pushed as GA4's ${ANALYTICS_BUY_EVENT}, with the product as its item.`,
      code: analyticsElement(),
      language: 'html',
    },
    {
      id: 'api-consent',
      title: 'Consent',
      text: "With consent=\"pending\" the player keeps nothing in your visitor's browser until they choose: call setConsent('granted') when they accept and setConsent('denied') when they refuse. With a banner of your own, its two buttons pass the choice on:",
      code: consentBanner(),
      language: 'html',
    },
    {
      id: 'api-consent-mode',
      title: 'Consent with Google Consent Mode',
      text: "If your banner sets Google Consent Mode, the player can follow its analytics_storage: put this script after gtag's setup; each consent update your banner pushes is passed on to the player.",
      code: consentModeScript(),
      language: 'html',
    },
  ];
  return {
    key: 'api',
    label: 'Player API',
    intro:
      "For developers: open the player on a product from your own buttons, follow what your visitors do in it, send it to your analytics and respect their consent. Every snippet has this player's own instance and product ids.",
    steps,
  };
}
