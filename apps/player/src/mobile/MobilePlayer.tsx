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
import { MOBILE_SLOTS, type MobileMenuEntry } from '@atk/contract/constants';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Blind, blindName, shuffle } from '../shared/blind.ts';
import { choosePrice, currencyOf, formatPrice } from '../shared/currency.ts';
import { FeatureContent } from '../shared/FeatureContent.tsx';
import { InfoPages } from '../shared/InfoPages.tsx';
import { infoPagesOf, type OrderedFeature, startingSource } from '../shared/instance.ts';
import { absoluteUrl } from '../shared/links.ts';
import { buildShareUrl, MOBILE_SHARE_PARAMS } from '../shared/share.ts';
import { formatTime } from '../shared/time.ts';
import { useBlindVote } from '../shared/useBlindVote.ts';
import { useEngine } from '../shared/useEngine.ts';
import { usePlayerEvents } from '../shared/usePlayerEvents.ts';
import { useSelection } from '../shared/useSelection.ts';
import { Vote } from '../shared/Vote.tsx';
import type { MobileOptions } from './types.ts';

const FEATURE_OF: Partial<Record<MobileMenuEntry, OrderedFeature>> = {
  'FREQUENCY GRAPHS': 'frequency_graphs',
  'LISTENING GUIDE': 'listening_guide',
  DISCOGRAPHY: 'discography',
  'TECH SPECS': 'tech_specs',
  IMAGES: 'images',
};
/**
 * The widget's own entry after the operator's menu: the info pages (`mobile_infos`), where a phone user looks for
 * help among the other things to open (decision: docs/architecture.md "Mobile widget").
 */
const INFO_ENTRY = 'ABOUT & HELP';
type Panel = MobileMenuEntry | typeof INFO_ENTRY;
/** MP3 frames per decoded window on a phone (128 × 1152 samples ≈ 3 s at 44.1 kHz). */
const MOBILE_WINDOW_FRAMES = 128;
/** Seconds a key moves the playback position by (Home and End: to either end). */
const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -5,
  ArrowDown: -5,
  ArrowRight: 5,
  ArrowUp: 5,
  PageDown: -15,
  PageUp: 15,
  Home: -Infinity,
  End: Infinity,
};
/** A horizontal move this long (px), and longer than it is tall, is a swipe. */
const SWIPE_PX = 48;

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

export function MobilePlayer({ data, api, strict, initial }: MobileOptions) {
  const resolve = useCallback((url: string) => absoluteUrl(url, api), [api]);
  const [start] = useState(() => startOf(data, initial));
  const [screen, setScreen] = useState<string[]>(start.screen);
  // The song, source and product: the desktop player's selection (../shared/useSelection.ts).
  const sel = useSelection(data, start, screen);
  const { byId, selected, setSelected, songId, sourceId, setSourceId, song, source, versionOf, recorded, product } =
    sel;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [copied, setCopied] = useState(false);

  // ── blind mode and its vote (as the desktop player's, ../desktop/Player.tsx) ───────────────────────────
  // The slots in the blind test's shuffled order (a product brought in meanwhile after them), named Product A, B…
  // until Reveal; the products keep those places after it.
  const [blind, setBlind] = useState<Blind>(null);
  const order = blind
    ? [...blind.order.filter((id) => screen.includes(id)), ...screen.filter((id) => !blind.order.includes(id))]
    : screen;
  const hidden = !!blind && !blind.revealed;
  const blindButton = useRef<HTMLButtonElement>(null);
  // Its vote (../shared/Vote.tsx, ../shared/useBlindVote.ts).
  const votes = data.listener_votes === 1;
  const { heardEnough, onHeard, ballot } = useBlindVote({ enabled: votes, blind, order, songId, sourceId });
  const nameOf = (id: string) => (hidden ? blindName(order.indexOf(id)) : (byId.get(id)?.name ?? ''));

  // ── the engine (../shared/useEngine.ts, shared with the desktop player) ──────────────────────────────
  const {
    engine,
    engineRef,
    state,
    status,
    position,
    setPosition,
    duration,
    add,
    remove,
    select,
    togglePlay: toggle,
    seek,
  } = useEngine({
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
  });
  /** Only a version that can be heard is switched to: a switch is never silent. */
  const arrived = (id: string) => status[id]?.state === 'ready';

  // ── events (widget_type 'mobile') ───────────────────────────────────────────────────────────────
  const events = usePlayerEvents({
    api,
    instanceId: data._id,
    widgetType: 'mobile',
    strict,
    engine,
    playing: state === 'playing',
    setPosition,
    selected,
    songId,
    sourceId,
    onHeard,
  });

  // ── actions ─────────────────────────────────────────────────────────────────────────────────────
  function choose(id: string) {
    if (versionOf(id) && arrived(id) && id !== selected) select(id);
  }
  function togglePlay() {
    if (toggle()) events.play();
  }
  function vote(pick: string | null) {
    if (!blind || !songId || !sourceId) return;
    events.vote(ballot(pick, engine().levelMatched));
    setBlind({ ...blind, revealed: true, pick });
  }
  function reveal() {
    if (!blind) return;
    setBlind({ ...blind, revealed: true });
    // Reveal goes away once pressed: the focus stays beside it.
    blindButton.current?.focus();
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
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    swipe.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = swipe.current;
    const t = e.changedTouches[0];
    swipe.current = null;
    if (!from || !t) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(t.clientY - from.y)) return;
    const playable = order.filter((id) => versionOf(id) && arrived(id));
    const i = playable.indexOf(selected ?? '');
    const next = playable[(i + (dx < 0 ? 1 : -1) + playable.length) % playable.length];
    if (next) choose(next);
  };

  const shareUrl = buildShareUrl(
    location.href,
    { instance: data._id, product: selected, song: songId, source: sourceId },
    MOBILE_SHARE_PARAMS,
  );
  const copy = () => {
    void navigator.clipboard?.writeText(shareUrl).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  const entries: Panel[] = infoPagesOf(data.infos).length > 0 ? [...data.menu, INFO_ENTRY] : data.menu;
  const sheetId = useId();
  const menuRef = useRef<HTMLElement>(null);
  const sheetRef = useRef<HTMLElement>(null);
  // An opened sheet comes into view (it opens below the menu, often under the fold of a phone's screen).
  useEffect(() => {
    sheetRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [panel]);
  /** Closing puts the focus back on the menu entry that opened the sheet. */
  const closePanel = () => {
    const opener = menuRef.current?.querySelector<HTMLElement>(`[aria-controls="${sheetId}"]`);
    setPanel(null);
    opener?.focus();
  };
  const others = data.products.filter((p) => !screen.includes(p._id));
  const playing = state === 'playing';
  const currency = currencyOf(navigator.languages ?? [navigator.language]);
  const price = product && !hidden ? choosePrice(product.price, currency) : null;
  const pick = blind?.revealed ? blind.pick : undefined;

  return (
    <div className="m">
      <div
        className="stage"
        onTouchStart={onTouchStart as never}
        onTouchEnd={onTouchEnd as never}
        data-testid="mobile-stage"
      >
        <ol className="slots" aria-label="Products">
          {order.map((id, i) => {
            const p = byId.get(id);
            if (!p) return null;
            const on = id === selected;
            return (
              <li key={id}>
                <button
                  type="button"
                  className={on ? 'slot on' : 'slot'}
                  aria-pressed={on}
                  disabled={!versionOf(id) || !arrived(id)}
                  onClick={() => choose(id)}
                  data-product={id}
                >
                  <span className="pos">{i + 1}</span>
                  {p.thumbnail && !hidden ? <img src={resolve(p.thumbnail)} alt="" /> : <span className="noimg" />}
                  <span className="pname">{nameOf(id)}</span>
                  {!hidden && <span className="pbrand">{p.brand_name}</span>}
                  {id === pick && <span className="badge">Your pick</span>}
                </button>
              </li>
            );
          })}
        </ol>
        {product && (
          <p className="now" aria-live="polite">
            <strong>{nameOf(product._id)}</strong>
            {!hidden && <> · {product.brand_name}</>}
            {price && <span className="price"> · {formatPrice(price)}</span>}
          </p>
        )}
      </div>
      {others.length > 0 && !hidden && (
        <label className="field">
          <span>More products</span>
          <select aria-label="More products" value="" onChange={(e) => bring((e.target as HTMLSelectElement).value)}>
            <option value="">Choose a product…</option>
            {others.map((p) => (
              <option key={p._id} value={p._id}>
                {p.brand_name} {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="pickers">
        <label className="field">
          <span>Song</span>
          <select
            aria-label="Song"
            value={songId ?? ''}
            onChange={(e) => sel.pickSong((e.target as HTMLSelectElement).value)}
          >
            {data.songs.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Source</span>
          <select
            aria-label="Source"
            value={sourceId ?? ''}
            onChange={(e) => setSourceId((e.target as HTMLSelectElement).value)}
          >
            {(song?.sources ?? []).map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="transport">
        <button
          type="button"
          className="play"
          onClick={togglePlay}
          disabled={recorded.length === 0}
          aria-label={playing ? 'Pause' : 'Play'}
          data-state={state}
          // What bench/mobile.ts reads: the engine's decoded audio now and at its peak (bytes).
          data-decoded-bytes={engineRef.current?.decodedBytes ?? 0}
          data-peak-decoded-bytes={engineRef.current?.peakDecodedBytes ?? 0}
          data-testid="mobile-play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <input
          type="range"
          className="seek"
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={position}
          aria-label="Playback position"
          aria-valuenow={Math.round(position * 10) / 10}
          aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
          onInput={(e) => seek(Number((e.target as HTMLInputElement).value))}
          // The range's own step (0.1 s, for a finger's drag) is too small for keys: they move as on the desktop.
          onKeyDown={(e) => {
            const by = SEEK_KEYS[e.key];
            if (by === undefined || duration <= 0) return;
            e.preventDefault();
            seek(
              Math.min(duration, Math.max(0, by === -Infinity ? 0 : by === Infinity ? duration - 0.5 : position + by)),
            );
          }}
        />
        <span className="time">{formatTime(position)}</span>
      </div>
      {order.length > 1 && (
        <div className="tools">
          <button
            ref={blindButton}
            type="button"
            className="btn"
            // Reveal ends the blind test (the products keep the places they had); pressed again, a new one starts.
            aria-pressed={hidden}
            onClick={() => setBlind(hidden ? null : { order: shuffle(screen), revealed: false })}
          >
            Blind mode
          </button>
          {hidden && (
            <button type="button" className="btn" onClick={reveal}>
              Reveal products
            </button>
          )}
        </div>
      )}
      {votes && <Vote blind={blind} order={order} heard={heardEnough} nameOf={nameOf} vote={vote} />}
      {entries.length > 0 && (
        <nav className="menu" aria-label="Menu" ref={menuRef}>
          {entries.map((entry) => (
            <button
              key={entry}
              type="button"
              aria-expanded={panel === entry}
              aria-controls={panel === entry ? sheetId : undefined}
              className={panel === entry ? 'on' : ''}
              onClick={() => {
                setCopied(false);
                setPanel(panel === entry ? null : entry);
              }}
            >
              {entry}
            </button>
          ))}
        </nav>
      )}
      {panel && (
        <section
          className="sheet"
          id={sheetId}
          ref={sheetRef}
          aria-label={panel}
          // Escape closes the sheet first (the loader's Escape, on the shadow root, closes the widget).
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            closePanel();
          }}
        >
          <div className="sheet-top">
            <h3>{panel}</h3>
            <button type="button" className="sheet-close" aria-label={`Close ${panel}`} onClick={closePanel}>
              ×
            </button>
          </div>
          {panel === INFO_ENTRY ? (
            <InfoPages id={`${sheetId}-info`} infos={data.infos} />
          ) : panel === 'DEALS' ? (
            data.retailers.length === 0 ? (
              <p className="empty">No deals yet.</p>
            ) : (
              <ul className="deals">
                {data.retailers.map((r) => (
                  <li key={r._id}>
                    {r.image && <img src={resolve(r.image)} alt="" />}
                    {r.website ? (
                      <a href={r.website} target="_blank" rel="noopener noreferrer">
                        {r.name}
                      </a>
                    ) : (
                      <span>{r.name}</span>
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : panel === 'SHARE' ? (
            <div className="share">
              <input readOnly value={shareUrl} aria-label="Share link" data-testid="share-url" />
              <button type="button" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </button>
            </div>
          ) : hidden && FEATURE_OF[panel] ? (
            <p className="empty">Hidden in blind mode: reveal the products to see their details.</p>
          ) : product && FEATURE_OF[panel] ? (
            <FeatureContent
              feature={FEATURE_OF[panel] as OrderedFeature}
              product={product}
              bands={data.frequency_bands}
              imageOrder={data.image_order}
              resolve={resolve}
            />
          ) : null}
        </section>
      )}
    </div>
  );
}
