/**
 * The integration guide's code: pure functions of the portal's origin
 * (PUBLIC_URL), an instance id and the mini position, so the page, the tests and any other tool produce the
 * same text. No React, no DOM. The Player API tab (the element's methods, events, analytics, consent) is
 * apiSnippets.ts.
 *
 * Every variant follows the same three steps: load the style file and the script file in the page head, place
 * one `<atk-player>` element in the body, and add launch buttons that assign the launch parameters (instance id,
 * status 'show', optional mini position "right,bottom" in px) to the element. The launch is the documented API of
 * the element (packages/contract/src/player-launch.ts).
 */
import { PLAYER_TAG } from '@atk/contract';
import { apiGuide, type SnippetProduct } from './apiSnippets.ts';

export const PLACEHOLDER_INSTANCE_ID = 'YOUR_INSTANCE_ID';
/** The store's product metafield that holds a product's player instance id. */
export const METAFIELD = { namespace: 'atk', key: 'player_instance_id' } as const;
export const DEFAULT_MINI = { right: 20, bottom: 20 } as const;

export type IntegrationTab = 'developers' | 'builder' | 'blog' | 'store' | 'api';
export const INTEGRATION_TABS: readonly IntegrationTab[] = ['developers', 'builder', 'blog', 'store', 'api'];

export interface SnippetOptions {
  /** The portal's public origin (PUBLIC_URL), e.g. https://portal.example.com. */
  origin: string;
  instanceId?: string | null;
  mini?: { right: number; bottom: number };
  /** The instance's products the player offers (the Player API tab's buttons). */
  products?: SnippetProduct[];
}

export interface Step {
  /** Stable id of the step's code (test ids, copy buttons). */
  id: string;
  title: string;
  /** Plain text explaining the step (paragraphs separated by blank lines). */
  text: string;
  code?: string;
  language?: 'html' | 'js' | 'liquid' | 'text';
}

export interface IntegrationGuide {
  key: IntegrationTab;
  label: string;
  intro: string;
  steps: Step[];
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const px = (n: number) => (Number.isFinite(n) && n >= 0 ? Math.round(n) : 0);

/** The two stable URLs of the player under PUBLIC_URL. */
export function playerUrls(origin: string): { css: string; js: string } {
  const base = origin.replace(/\/+$/, '');
  return { css: `${base}/player/atk-player.css`, js: `${base}/player/atk-player.js` };
}

/** Step 1: the style file and the script file, for the page head. */
export function headTags(origin: string): string {
  const { css, js } = playerUrls(origin);
  return [
    '<!-- ATK Player: the style file and the script -->',
    `<link rel="stylesheet" href="${escapeAttr(css)}">`,
    `<script src="${escapeAttr(js)}" defer></script>`,
  ].join('\n');
}

/** Step 2: the player element, once per page. */
export const playerElement = (): string => `<${PLAYER_TAG}></${PLAYER_TAG}>`;

/** The player element in strict privacy mode (docs/api.md "What the statistics store, and for how long"). */
export const strictPlayerElement = (): string => `<${PLAYER_TAG} privacy="strict"></${PLAYER_TAG}>`;

/**
 * Step 3, the wiring: any element with `data-atk-instance-id` launches the player with that instance (status show)
 * and its `data-atk-mini` position, if any. One delegated listener, so buttons added later work too.
 */
export function launcherScript(): string {
  return `<script>
  // ATK Player: launch buttons assign the instance id, status 'show' and the optional mini position
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-atk-instance-id]');
    if (!button) return;
    event.preventDefault();
    var player = document.querySelector('${PLAYER_TAG}');
    if (!player) {
      player = document.createElement('${PLAYER_TAG}');
      document.body.appendChild(player);
    }
    player.setAttribute('instance-id', button.getAttribute('data-atk-instance-id'));
    var mini = button.getAttribute('data-atk-mini');
    if (mini) player.setAttribute('mini', mini); // "right,bottom" offsets in px
    else player.removeAttribute('mini');
    player.setAttribute('status', 'show');
  });
</script>`;
}

/** Step 3, the buttons: one opening the player as a dialog, one as the mini floating panel. */
export function launchButtons(instanceId: string, mini: { right: number; bottom: number } = DEFAULT_MINI): string {
  const id = escapeAttr(instanceId);
  return [
    `<button type="button" data-atk-instance-id="${id}">Listen and compare</button>`,
    `<button type="button" data-atk-instance-id="${id}" data-atk-mini="${px(mini.right)},${px(mini.bottom)}">Open the mini player</button>`,
  ].join('\n');
}

/** The same launch from a page's own JavaScript. */
export function launchFromScript(instanceId: string, mini: { right: number; bottom: number } = DEFAULT_MINI): string {
  const id = instanceId.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  return `var player = document.querySelector('${PLAYER_TAG}');
player.setAttribute('instance-id', '${id}');
player.setAttribute('mini', '${px(mini.right)},${px(mini.bottom)}'); // optional: the mini floating panel
player.setAttribute('status', 'show');

// close it again
player.setAttribute('status', 'hide');`;
}

/** A whole page with the three steps: paste it into an empty .html file to try the player. */
export function examplePage(options: SnippetOptions): string {
  const instanceId = options.instanceId || PLACEHOLDER_INSTANCE_ID;
  const indent = (text: string) =>
    text
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>ATK Player</title>
${indent(headTags(options.origin))}
  </head>
  <body>
${indent(playerElement())}
${indent(launchButtons(instanceId, options.mini))}
${indent(launcherScript())}
  </body>
</html>`;
}

/** The store's product template (Liquid): a launch button for products whose metafield holds an instance id. */
export function storeProductSnippet(): string {
  const field = `product.metafields.${METAFIELD.namespace}.${METAFIELD.key}`;
  return `{%- assign atk_instance = ${field}.value -%}
{%- if atk_instance != blank -%}
  <${PLAYER_TAG}></${PLAYER_TAG}>
  <button type="button" data-atk-instance-id="{{ atk_instance | escape }}">Listen and compare</button>
{%- endif -%}`;
}

/** Every tab of the integration guide, with its steps and code. */
export function integrationGuides(options: SnippetOptions): IntegrationGuide[] {
  const instanceId = options.instanceId || PLACEHOLDER_INSTANCE_ID;
  const mini = options.mini ?? DEFAULT_MINI;
  const head = headTags(options.origin);
  const headWithLauncher = `${head}\n${launcherScript()}`;
  const bodyBlock = `${playerElement()}\n${launchButtons(instanceId, mini)}`;

  return [
    {
      key: 'developers',
      label: 'Developers',
      intro:
        'Plain HTML: three additions to your page. The player draws itself inside its own element and never changes the look of your page.',
      steps: [
        {
          id: 'developers-head',
          title: '1. Load the style file and the script in the page head',
          text: 'Add both lines inside <head>, on every page that shows the player.',
          code: head,
          language: 'html',
        },
        {
          id: 'developers-element',
          title: '2. Place the player element in the body',
          text: 'Once per page, anywhere inside <body>. It takes no room until it is launched.',
          code: playerElement(),
          language: 'html',
        },
        {
          id: 'developers-privacy',
          title: 'Optional: strict privacy mode',
          text: 'Add privacy="strict" to store nothing on the visitor\'s device: no visitor id is kept, and visitors are counted only within a day (launches, plays and listening still count; new visitors, sign-up pages and sign-ins do not). Browsers that send Global Privacy Control get this mode by themselves.',
          code: strictPlayerElement(),
          language: 'html',
        },
        {
          id: 'developers-launch',
          title: '3. Add launch buttons',
          text: "A launch button assigns the parameters to the player element: the instance id, the status 'show' and, optionally, the mini position (offsets in px from the right and bottom edges of the window). The first button opens the player as a dialog, the second as a small floating panel. The script below does the assignment for every element that has a data-atk-instance-id attribute.",
          code: `${launchButtons(instanceId, mini)}\n${launcherScript()}`,
          language: 'html',
        },
        {
          id: 'developers-script',
          title: 'Or launch it from your own JavaScript',
          text: "Set the attributes yourself; status 'hide' closes the player (Escape and its close button do too).",
          code: launchFromScript(instanceId, mini),
          language: 'js',
        },
        {
          id: 'developers-page',
          title: 'The complete page',
          text: 'All three steps in one page: save it as an .html file and open it to try the player.',
          code: examplePage({ origin: options.origin, instanceId, mini }),
          language: 'html',
        },
      ],
    },
    {
      key: 'builder',
      label: 'Website builder',
      intro:
        'Website builders (Wix, Squarespace, Webflow and the like) let you add your own code to the page head and place HTML blocks on a page.',
      steps: [
        {
          id: 'builder-head',
          title: '1. Add the code to the head of your site',
          text: "Open your site's settings, find the custom code (or code injection) section and paste this into the head code, for all pages. It loads the style file and the script, and makes every launch button work.",
          code: headWithLauncher,
          language: 'html',
        },
        {
          id: 'builder-body',
          title: '2. Place the player and a launch button on the page',
          text: 'Add an embed (HTML or custom code) block where the button should appear and paste this. Use the player element once per page; more buttons can go in other blocks.',
          code: bodyBlock,
          language: 'html',
        },
        {
          id: 'builder-publish',
          title: '3. Publish',
          text: 'Custom code usually runs only on the published site, not in the editor: publish, then try the buttons on the live page.',
        },
      ],
    },
    {
      key: 'blog',
      label: 'Blogging platform',
      intro:
        'Blogging platforms (WordPress, Ghost, Blogger and the like) take the player in the theme header and a launch button in any post.',
      steps: [
        {
          id: 'blog-head',
          title: "1. Add the code to your theme's header",
          text: "WordPress: a header-code plugin, or your theme's header before </head>. Ghost: Settings → Code injection → Site header. Blogger: Theme → Edit HTML, before </head>. It loads the style file and the script, and makes every launch button work.",
          code: headWithLauncher,
          language: 'html',
        },
        {
          id: 'blog-post',
          title: '2. Add the player and a launch button to a post',
          text: 'Insert a custom HTML block in the post where the button should appear and paste this.',
          code: bodyBlock,
          language: 'html',
        },
      ],
    },
    {
      key: 'store',
      label: 'Online store',
      intro:
        'On an online store (Shopify and similar), each product page can open its own player: a product metafield holds the player instance id, and the product template reads it.',
      steps: [
        {
          id: 'store-metafield',
          title: '1. Create a product metafield for the player instance id',
          text: `In your store's settings, add a product metafield definition: namespace "${METAFIELD.namespace}", key "${METAFIELD.key}", type single line text. Then, on each product that has a player, fill it in with the player's instance id:`,
          code: instanceId,
          language: 'text',
        },
        {
          id: 'store-head',
          title: "2. Load the player in your theme's head",
          text: 'Edit the theme code (theme.liquid, inside <head>) and paste this. It loads the style file and the script, and makes every launch button work.',
          code: headWithLauncher,
          language: 'html',
        },
        {
          id: 'store-product',
          title: '3. Add the launch button to the product template',
          text: 'In the product template (for example main-product.liquid), where the button should appear, paste this. It shows the player and a button only on products whose metafield holds an instance id.',
          code: storeProductSnippet(),
          language: 'liquid',
        },
      ],
    },
    apiGuide({ origin: options.origin, instanceId, products: options.products ?? [] }),
  ];
}
