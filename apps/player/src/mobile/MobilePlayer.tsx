/**
 * The mobile widget's app (`atk-mobile-app.js`): the products of a mobile instance on a phone's screen (up to three
 * in their slots, the other active ones a pick away), the song and source pickers, one play button and the
 * operator's menu. The audio is the desktop player's engine (../engine): every on-screen product's version plays
 * locked to one clock, level-matched, and a tap or a horizontal swipe switches with an equal-power crossfade, so
 * a switch never restarts the song. At most three versions are loaded at once (memory on a phone). Blind mode
 * shuffles the on-screen products under 'Product A', 'Product B'… until Reveal; with the instance's Listener votes
 * on it asks "Which did you prefer?" as the desktop player does (../shared/blind.ts, ../shared/Vote.tsx).
 */
import type { MobilePlayerInstance } from '@atk/contract';
import { MOBILE_SLOTS } from '@atk/contract/constants';
import { useCallback, useState } from 'react';
import { blindName } from '../shared/blind.ts';
import { startingSource } from '../shared/instance.ts';
import { absoluteUrl } from '../shared/links.ts';
import { useBlindVote } from '../shared/useBlindVote.ts';
import { useEngine } from '../shared/useEngine.ts';
import { useBlind, useHostControl } from '../shared/useHostControl.ts';
import { usePlayerEvents } from '../shared/usePlayerEvents.ts';
import { useSelection } from '../shared/useSelection.ts';
import { Vote } from '../shared/Vote.tsx';
import { BlindMode } from './BlindMode.tsx';
import { Menu } from './Menu.tsx';
import { MoreProducts } from './MoreProducts.tsx';
import { Pickers } from './Pickers.tsx';
import { Stage } from './Stage.tsx';
import { Transport } from './Transport.tsx';
import type { MobileOptions } from './types.ts';

/** MP3 frames per decoded window on a phone (128 × 1152 samples ≈ 3 s at 44.1 kHz). */
const MOBILE_WINDOW_FRAMES = 128;

/** Where the widget starts: a shared link's selection when it is still offered, else slot 1 and the
 * first song and source that the most products on screen recorded (../shared/instance.ts `startingSource`). */
export function startOf(data: MobilePlayerInstance, initial: MobileOptions['initial']) {
  const ids = new Set(data.products.map((p) => p._id));
  let screen = data.slots.filter((id) => ids.has(id)).slice(0, MOBILE_SLOTS);
  if (screen.length === 0) screen = data.products.slice(0, MOBILE_SLOTS).map((p) => p._id);
  const wanted = initial?.product && ids.has(initial.product) ? initial.product : null;
  if (wanted && !screen.includes(wanted)) screen = [wanted, ...screen].slice(0, MOBILE_SLOTS);
  const { song, source } = startingSource(data.songs, screen, initial ?? null);
  return { screen, product: wanted ?? screen[0] ?? null, song: song?._id ?? null, source: source?._id ?? null };
}

/**
 * It holds what the regions share: the products on screen, the selection (../shared/useSelection.ts), blind mode,
 * the engine and the statistics' events; and draws one component per region, in reading order: the stage (slots
 * and the selected product's line), More products, the song and source pickers, the transport, Blind mode, the
 * vote, and the menu with its sheet.
 */
export function MobilePlayer({ data, api, strict, initial, host }: MobileOptions) {
  const resolve = useCallback((url: string) => absoluteUrl(url, api), [api]);
  const [start] = useState(() => startOf(data, initial));
  const [screen, setScreen] = useState<string[]>(start.screen);
  // The song, source and product: the desktop player's selection (../shared/useSelection.ts).
  const sel = useSelection(data, start, screen);
  const { byId, selected, setSelected, songId, sourceId, source, versionOf, recorded, product } = sel;

  // ── blind mode and its vote (as the desktop player's, ../desktop/Player.tsx) ───────────────────────
  // The slots in the blind test's shuffled order (a product brought in meanwhile after them), named Product A, B…
  // until Reveal; the products keep those places after it.
  const [blind, setBlind] = useBlind(host.emit);
  const order = blind
    ? [...blind.order.filter((id) => screen.includes(id)), ...screen.filter((id) => !blind.order.includes(id))]
    : screen;
  const hidden = !!blind && !blind.revealed;
  // Its vote (../shared/Vote.tsx, ../shared/useBlindVote.ts).
  const votes = data.listener_votes === 1;
  const { heardEnough, onHeard, ballot } = useBlindVote({ enabled: votes, blind, order, songId, sourceId });
  const nameOf = (id: string) => (hidden ? blindName(order.indexOf(id)) : (byId.get(id)?.name ?? ''));

  // ── the engine (../shared/useEngine.ts, shared with the desktop player) ───────────────────────────
  const audio = useEngine({
    sourceId: source?._id ?? null,
    songId,
    recorded,
    versionOf,
    selected,
    setSelected,
    resolve,
    // Windows of ≈ 3 s: on a phone's slow line the first sound waits for the first window's bytes (≈ 135 kB
    // instead of 270 kB; bench/mobile.ts), and half the decoded audio is held.
    windowFrames: MOBILE_WINDOW_FRAMES,
    emit: host.emit,
    blind: hidden,
  });
  const { engine, state, status, add, remove, select } = audio;
  /** Only a version that can be heard is switched to: a switch is never silent. */
  const switchable = (id: string) => !!versionOf(id) && status[id]?.state === 'ready';

  // ── events (widget_type 'mobile') ───────────────────────────────────────────────────────────────
  const events = usePlayerEvents({
    api,
    instanceId: data._id,
    widgetType: 'mobile',
    strict,
    engine,
    playing: state === 'playing',
    setPosition: audio.setPosition,
    selected,
    songId,
    sourceId,
    onHeard,
  });

  // ── actions ─────────────────────────────────────────────────────────────────────────────────────
  function choose(id: string) {
    if (switchable(id) && id !== selected) select(id);
  }
  function togglePlay(): boolean {
    const asked = audio.togglePlay();
    if (asked) events.play();
    return asked;
  }
  function vote(pick: string | null) {
    if (!blind || !songId || !sourceId) return;
    events.vote(ballot(pick, engine().levelMatched));
    host.emit('vote', { pick, products: order });
    setBlind({ ...blind, revealed: true, pick });
  }
  function bought(r: MobilePlayerInstance['retailers'][number]) {
    if (!product || !r.website) return;
    events.buyClick({ product_id: product._id, retailer_id: r._id });
    host.emit('buy-click', {
      product: product._id,
      productName: product.name,
      brand: product.brand_name,
      link: 'retailer',
      retailer: r._id,
      retailerName: r.name,
      url: r.website,
      price: null,
      currency: null,
    });
  }
  /** Another active product takes the selected one's slot, and is heard from the same moment. */
  function bring(id: string) {
    if (!id || screen.includes(id)) return;
    const at = Math.max(0, screen.indexOf(selected ?? ''));
    const next = [...screen];
    const replaced = next.length < MOBILE_SLOTS ? null : next[at];
    if (replaced === null) next.push(id);
    else next[at] = id;
    setScreen(next);
    if (!versionOf(id)) return;
    void add(id).then(() => {
      if (engine().failures.has(id)) return; // the one on show stays heard
      select(id);
      // The product it replaced leaves the engine once the new one is heard (three versions at most).
      if (replaced) remove(replaced);
    });
  }

  useHostControl({
    host,
    audio,
    sel,
    startPlay: () => audio.waiting || togglePlay(),
    hear: (id) => (screen.includes(id) ? choose(id) : bring(id)),
  });

  // ── drawing: one component per region ───────────────────────────────────────────────────────────
  const others = data.products.filter((p) => !screen.includes(p._id));
  return (
    <div className="m">
      <Stage
        order={order}
        byId={byId}
        selected={selected}
        product={product}
        hidden={hidden}
        pick={blind?.revealed ? blind.pick : undefined}
        nameOf={nameOf}
        switchable={switchable}
        choose={choose}
        resolve={resolve}
      />
      {others.length > 0 && !hidden && <MoreProducts others={others} bring={bring} />}
      <Pickers songs={data.songs} sel={sel} />
      <Transport audio={audio} canPlay={recorded.length > 0} togglePlay={togglePlay} />
      {order.length > 1 && <BlindMode screen={screen} blind={blind} setBlind={setBlind} />}
      {votes && <Vote blind={blind} order={order} heard={heardEnough} nameOf={nameOf} vote={vote} />}
      <Menu
        data={data}
        product={product}
        selection={{ selected, songId, sourceId }}
        hidden={hidden}
        resolve={resolve}
        strict={strict}
        forget={events.forget}
        bought={bought}
      />
    </div>
  );
}
