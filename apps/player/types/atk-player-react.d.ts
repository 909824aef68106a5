/**
 * `<atk-player>` and `<atk-mobile-player>` as React 19 JSX elements: their attributes, and their events as `on` +
 * the event's name (React 19 adds a listener for the name after `on` on a custom element), e.g.
 * `<atk-player instance-id="…" onatk-buy-click={(e) => e.detail.url} />`. Served beside the script as
 * `{PUBLIC_URL}/player/atk-player-react.d.ts`, with `atk-player.d.ts` in the same folder.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AtkPlayerAttributes, AtkPlayerElement, AtkPlayerEventMap } from './atk-player.js';

type AtkEventProps = { [K in keyof AtkPlayerEventMap as `on${K}`]?: (event: AtkPlayerEventMap[K]) => void };
type AtkElementProps = DetailedHTMLProps<HTMLAttributes<AtkPlayerElement>, AtkPlayerElement> &
  AtkPlayerAttributes &
  AtkEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'atk-player': AtkElementProps;
      'atk-mobile-player': AtkElementProps;
    }
  }
}
