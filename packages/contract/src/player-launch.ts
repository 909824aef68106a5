/**
 * The documented launch API of the `<atk-player>` element: a launch button assigns these
 * attributes to the element (integration guide, spec 3 §2). The element itself ships with the player.
 */
export interface PlayerLaunch {
  instanceId: string;
  status: 'show' | 'hide';
  /** Mini floating mode, offsets in px from the right and bottom edges. */
  mini?: { right: number; bottom: number };
}

export const PLAYER_TAG = 'atk-player';

/** Structural, so the contract needs no DOM types. */
export interface AttributeTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export function launchPlayer(element: AttributeTarget, launch: PlayerLaunch): void {
  element.setAttribute('instance-id', launch.instanceId);
  if (launch.mini) element.setAttribute('mini', `${launch.mini.right},${launch.mini.bottom}`);
  else element.removeAttribute('mini');
  element.setAttribute('status', launch.status);
}
