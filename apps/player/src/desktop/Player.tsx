import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { absoluteUrl } from '../shared/links.ts';
import { useBlindVote } from '../shared/useBlindVote.ts';
import { useEngine } from '../shared/useEngine.ts';
import { useBlind, useHostControl } from '../shared/useHostControl.ts';
import { usePlayerEvents } from '../shared/usePlayerEvents.ts';
import { useSelection } from '../shared/useSelection.ts';
import { Vote } from '../shared/Vote.tsx';
import { AbxTest } from './AbxTest.tsx';
import { BuyRow } from './BuyRow.tsx';
import { initialSelection, normaliseInstance, type Tip, TOOLTIP } from './instance.ts';
import { Panels } from './Panels.tsx';
import { ProductSwitcher } from './ProductSwitcher.tsx';
import { SongSourcePicker } from './SongSourcePicker.tsx';
import { Tools } from './Tools.tsx';
import { Transport } from './Transport.tsx';
import type { AppOptions } from './types.ts';

/** A product button of the switcher: the space bar plays/pauses there, as it does anywhere else in the player. */
const isPick = (el: HTMLElement | undefined) => !!el?.classList?.contains('pick');

/**
 * The player inside `<atk-player>`'s shadow root (docs/architecture.md "The player"): it holds the selection
 * (../shared/useSelection.ts), the comparison, blind mode and the engine, and draws them as eight regions, in reading
 * order: the song and source (SongSourcePicker), the products to switch between while it plays (ProductSwitcher),
 * the transport (Transport, with a source), the tools (Tools: level matching, blind mode, the share link, the info
 * pages), the blind test's vote (Vote, where the instance asks for votes), the ABX test (AbxTest, where it offers
 * one), the price and buy button (BuyRow), and the feature panels for the selected product (Panels).
 */
export function Player({ root, data: raw, api, mini, strict, initial, host }: AppOptions) {
  const data = useMemo(() => normaliseInstance(raw), [raw]);
  // Several tooltips of one feature are shown together, in the server's order.
  const tips = useMemo(() => {
    const m = new Map<number, string>();
    for (const t of data.tooltips)
      m.set(t.feature, m.has(t.feature) ? `${m.get(t.feature)}\n\n${t.content}` : t.content);
    return m;
  }, [data]);
  const tip: Tip = (name) => tips.get(TOOLTIP[name]);
  const resolve = useCallback((url: string) => absoluteUrl(url, api), [api]);

  const [start] = useState(() => initialSelection(data, initial));
  const [chosen, setChosen] = useState<string[]>(start.chosen);
  const sel = useSelection(data, start, chosen);
  const { selected, setSelected, songId, sourceId, source, versionOf, recorded } = sel;
  const [blind, setBlind] = useBlind(host.emit);
  const order = blind
    ? [...blind.order.filter((id) => chosen.includes(id)), ...chosen.filter((id) => !blind.order.includes(id))]
    : chosen;
  const hidden = !!blind && !blind.revealed;

  // A blind test's vote (../shared/Vote.tsx, ../shared/useBlindVote.ts).
  const votes = data.features.listener_votes === 1;
  const { heardEnough, onHeard, ballot } = useBlindVote({ enabled: votes, blind, order, songId, sourceId });

  // ── the engine (../shared/useEngine.ts, shared with the mobile widget) ─────────────────────────────
  const audio = useEngine({
    sourceId: source?._id ?? null,
    songId,
    recorded,
    versionOf,
    selected,
    setSelected,
    resolve,
    emit: host.emit,
    blind: hidden,
  });
  const { engine, state: engineState, status, select } = audio;

  // The selected version failed: switch to one that plays.
  useEffect(() => {
    if (!selected || status[selected]?.state !== 'failed') return;
    const next = order.find((id) => status[id]?.state === 'ready');
    if (next) choose(next);
  });

  // The clock and the statistics' events (../shared/usePlayerEvents.ts).
  const events = usePlayerEvents({
    api,
    instanceId: data._id,
    widgetType: 'desktop',
    strict,
    engine,
    playing: engineState === 'playing',
    setPosition: audio.setPosition,
    selected,
    songId,
    sourceId,
    onHeard,
  });

  // An ABX test (./AbxTest.tsx) needs a visitor id to tie it to: none in strict privacy mode.
  const abxOffered = data.features.abx_trials > 0 && hidden && !strict && recorded.length >= 2;

  // ── actions ───────────────────────────────────────────────────────────────────────────────────────
  const playable = (id: string) => !!versionOf(id) && status[id]?.state !== 'failed';
  function choose(id: string) {
    if (playable(id)) select(id);
  }
  function vote(pick: string | null) {
    if (!blind || !songId || !sourceId) return;
    events.vote(ballot(pick, engine().levelMatched));
    host.emit('vote', { pick, products: order });
    setBlind({ ...blind, revealed: true, pick });
  }
  function togglePlay(): boolean {
    const asked = audio.togglePlay();
    if (asked) events.play();
    return asked;
  }
  // A product the page asked to hear (select()) that is not in the comparison joins it (in the last place when it is
  // full); useHostControl asks again until it can be heard and is switched to.
  function hear(id: string) {
    if (chosen.includes(id)) return choose(id);
    const cap = Math.max(1, data.features.products_in_player);
    setChosen((now) => (now.includes(id) ? now : now.length < cap ? [...now, id] : [...now.slice(0, cap - 1), id]));
  }
  useHostControl({ host, audio, sel, startPlay: () => audio.waiting || togglePlay(), hear });

  // Keyboard: space plays/pauses, 1–9 switch products (not while typing or on a control with its own key).
  const keys = useRef({ togglePlay, choose, order });
  keys.current = { togglePlay, choose, order };
  useEffect(() => {
    const onKey = (ev: Event) => {
      const e = ev as KeyboardEvent;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.composedPath()[0] as HTMLElement | undefined;
      const tag = target?.tagName ?? '';
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || target?.isContentEditable) return;
      if (e.key === ' ' || e.key === 'Spacebar') {
        if ((tag === 'BUTTON' && !isPick(target)) || tag === 'A' || tag === 'SUMMARY') return;
        e.preventDefault();
        keys.current.togglePlay();
      } else if (/^[1-9]$/.test(e.key)) {
        const id = keys.current.order[Number(e.key) - 1];
        if (id) {
          e.preventDefault();
          keys.current.choose(id);
        }
      }
    };
    // A button is pressed by the space bar's keyup: on a product button that would select it again.
    const onKeyUp = (e: Event) => {
      const k = (e as KeyboardEvent).key;
      if ((k === ' ' || k === 'Spacebar') && isPick(e.composedPath()[0] as HTMLElement)) e.preventDefault();
    };
    root.addEventListener('keydown', onKey);
    root.addEventListener('keyup', onKeyUp);
    return () => {
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('keyup', onKeyUp);
    };
  }, [root]);

  // ── drawing: one component per region ───────────────────────────────────────────────────────────
  const version = versionOf(selected);
  return (
    <div className={mini ? 'app mini' : 'app'}>
      <SongSourcePicker songs={data.songs} sel={sel} tip={tip} />
      <ProductSwitcher
        data={data}
        sel={sel}
        chosen={chosen}
        setChosen={setChosen}
        order={order}
        hidden={hidden}
        pick={blind?.revealed ? blind.pick : undefined}
        status={status}
        playable={playable}
        choose={choose}
        resolve={resolve}
        tip={tip}
      />
      {source && (
        <Transport
          audio={audio}
          canPlay={recorded.length > 0 && engineState !== 'idle'}
          togglePlay={togglePlay}
          peaksUrl={version?.peaks_url ? resolve(version.peaks_url) : null}
          tip={tip}
        />
      )}
      <Tools
        data={data}
        sel={sel}
        engine={engine}
        chosen={chosen}
        blind={blind}
        setBlind={setBlind}
        tip={tip}
        emit={host.emit}
        strict={strict}
        forget={events.forget}
      />
      {votes && (
        <Vote
          blind={blind}
          order={order}
          heard={heardEnough}
          nameOf={(id) => sel.byId.get(id)?.name ?? ''}
          vote={vote}
        />
      )}
      {abxOffered && songId && sourceId && blind && (
        <AbxTest
          key={`${songId}|${sourceId}|${blind.order.join()}`}
          instanceId={data._id}
          songId={songId}
          sourceId={sourceId}
          order={order.filter((id) => recorded.includes(id))}
          engine={engine}
          versionOf={versionOf}
          resolve={resolve}
          api={api}
          post={events.post}
          choose={choose}
          emit={host.emit}
        />
      )}
      <BuyRow
        data={data}
        product={sel.product}
        hidden={hidden}
        tip={tip}
        clicked={(click) => {
          events.buyClick({ product_id: click.product, currency: click.currency });
          host.emit('buy-click', click);
        }}
      />
      <Panels
        features={data.features.ordered}
        product={sel.product}
        hidden={hidden}
        bands={data.frequency_bands}
        imageOrder={data.image_order}
        tip={tip}
        resolve={resolve}
      />
    </div>
  );
}
