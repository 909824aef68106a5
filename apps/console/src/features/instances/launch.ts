import { launchPlayer, PLAYER_TAG } from '@atk/contract';

/**
 * The generated launch codes of an instance (its General tab): both launch the instance with
 * status show, through the documented launch API of the `<atk-player>` element (the integration guide's).
 */

/** A script snippet: a button that assigns the instance id and status show to the page's player element. */
export const launchCode = (instanceId: string): string =>
  `<button type="button" onclick="const player = document.querySelector('${PLAYER_TAG}'); ` +
  `player.setAttribute('instance-id', '${instanceId}'); player.setAttribute('status', 'show');">Launch Player</button>`;

/** An in-built player tag: the player shows this instance as soon as the page loads. */
export const embeddedCode = (instanceId: string): string =>
  `<${PLAYER_TAG} instance-id="${instanceId}" status="show"></${PLAYER_TAG}>`;

/**
 * Preview: launches the player of the console page with the instance, status show.
 * With the signed-in user's token (handed to the element in memory, never in a URL), a pending instance opens as
 * a preview its brand may see before publishing.
 */
export function previewInstance(instanceId: string, previewToken?: string | null): void {
  let element = document.querySelector(PLAYER_TAG);
  if (!element) {
    element = document.createElement(PLAYER_TAG);
    document.body.appendChild(element);
  }
  launchPlayer(element, { instanceId, status: 'show', previewToken: previewToken ?? undefined });
}
