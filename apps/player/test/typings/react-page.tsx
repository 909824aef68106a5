/// <reference path="../../types/atk-player-react.d.ts" />
/**
 * A brand's React 19 page using the player with its served typings (types/): the element, its attributes and its
 * events as JSX props, a ref with the methods, and a plain listener. Type-checked by ../typings.test.ts.
 */
import { useEffect, useRef } from 'react';
import type { AtkPlayerElement } from '../../types/atk-player.d.ts';

export function ProductPage({ instance, product }: { instance: string; product: string }) {
  const player = useRef<AtkPlayerElement>(null);
  useEffect(() => {
    const el = document.querySelector('atk-player');
    const onSwitch = (e: CustomEvent<{ to: string }>) => console.log(e.detail.to);
    el?.addEventListener('atk-switch', (e) => console.log(e.detail.from, e.detail.position, e.detail.blind));
    el?.addEventListener('atk-switch', onSwitch);
  }, []);
  const listen = async () => {
    const el = player.current;
    if (!el) return;
    await el.open({ instance, product });
    await el.play();
    await el.seek(30);
    el.setConsent('granted');
    console.log(el.isOpen, el.playing, el.position, el.selectedProduct, el.instanceId);
  };
  return (
    <>
      <button type="button" onClick={() => void listen()}>
        Listen
      </button>
      <atk-player
        ref={player}
        instance-id={instance}
        analytics="datalayer"
        consent="pending"
        onatk-buy-click={(e) => console.log(e.detail.url, e.detail.price, e.detail.currency)}
        onatk-abx-result={(e) => console.log(e.detail.correct, e.detail.p)}
      />
      <atk-mobile-player instance-id={instance} onatk-vote={(e) => console.log(e.detail.pick)} />
    </>
  );
}
