import type { PlayerVersion } from '@atk/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { blindName, shuffle } from './blind.ts';
import { chooseDestination, choosePrice, currencyOf, formatPrice } from './currency.ts';
import { InfoPages } from './InfoPages.tsx';
import { InfoTip } from './InfoTip.tsx';
import {
  addableProducts,
  infoPagesOf,
  initialSelection,
  normaliseInstance,
  TOOLTIP,
  type TooltipName,
} from './instance.ts';
import { absoluteUrl } from './links.ts';
import { Panels } from './Panels.tsx';
import { buildShareUrl } from './share.ts';
import { formatTime } from './time.ts';
import type { AppOptions } from './types.ts';
import { useEngine } from './useEngine.ts';
import { usePlayerEvents } from './usePlayerEvents.ts';
import { Waveform } from './Waveform.tsx';

/** A product button of the switcher: the space bar plays/pauses there, as it does anywhere else in the player. */
const isPick = (el: HTMLElement | undefined) => !!el?.classList?.contains('pick');

const visitorLanguages = () => {
  try {
    return [navigator.language, ...(navigator.languages ?? [])];
  } catch {
    return [];
  }
};

/**
 * The player inside `<atk-player>`'s shadow root (design.md "The player"): song and source, the products to
 * switch between while it plays, the waveform and transport, level matching, blind mode, the share link, the
 * price and buy button, and the instance's feature panels for the selected product.
 */
export function Player({ root, data: raw, api, mini, initial }: AppOptions) {
  const data = useMemo(() => normaliseInstance(raw), [raw]);
  const base = useId();
  const ids = {
    song: `${base}-song`,
    source: `${base}-source`,
    add: `${base}-add`,
    share: `${base}-share`,
    info: `${base}-info`,
  };
  const byId = useMemo(() => new Map(data.products.map((p) => [p._id, p])), [data]);
  // Several tooltips of one feature are shown together, in the server's order.
  const tips = useMemo(() => {
    const m = new Map<number, string>();
    for (const t of data.tooltips)
      m.set(t.feature, m.has(t.feature) ? `${m.get(t.feature)}\n\n${t.content}` : t.content);
    return m;
  }, [data]);
  const tip = (name: TooltipName) => tips.get(TOOLTIP[name]);
  const resolve = useCallback((url: string) => absoluteUrl(url, api), [api]);

  const [start] = useState(() => initialSelection(data, initial));
  const [chosen, setChosen] = useState<string[]>(start.chosen);
  const [selected, setSelected] = useState<string | null>(start.product);
  const [songId, setSongId] = useState<string | null>(start.song);
  const [sourceId, setSourceId] = useState<string | null>(start.source);
  const [blind, setBlind] = useState<{ order: string[]; revealed: boolean } | null>(null);
  const [adding, setAdding] = useState('');
  const [matched, setMatched] = useState(true);
  const [shareOpen, setShareOpen] = useState(false);
  /** What the last copy said, for the link it copied: a switch since then makes it stale, so it is not shown. */
  const [copied, setCopied] = useState<{ url: string; note: string } | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);

  const song = data.songs.find((s) => s._id === songId) ?? null;
  const source = song?.sources.find((s) => s._id === sourceId) ?? null;
  const versionOf = (id: string | null): PlayerVersion | null =>
    (id && source?.versions.find((v) => v.product_id === id)) || null;

  const order = blind
    ? [...blind.order.filter((id) => chosen.includes(id)), ...chosen.filter((id) => !blind.order.includes(id))]
    : chosen;
  const hidden = !!blind && !blind.revealed;
  const nameOf = (id: string) => (hidden ? blindName(order.indexOf(id)) : (byId.get(id)?.name ?? ''));
  const product = selected ? (byId.get(selected) ?? null) : null;

  // ── the engine (./useEngine.ts, shared with the mobile widget) ──────────────────────────────────────
  const recorded = chosen.filter((id) => versionOf(id));
  const {
    engine,
    engineRef,
    state: engineState,
    status,
    position,
    setPosition,
    duration,
    waiting,
    select,
    togglePlay: toggleEngine,
    seek,
  } = useEngine({ sourceId: source?._id ?? null, songId, recorded, versionOf, selected, setSelected, resolve });

  // The selected version failed: switch to one that plays.
  useEffect(() => {
    if (!selected || status[selected]?.state !== 'failed') return;
    const next = order.find((id) => status[id]?.state === 'ready');
    if (next) choose(next);
  });

  // ── events ────────────────────────────────────────────────────────────────────────────────────────
  // The clock and the statistics' events (./usePlayerEvents.ts).
  const events = usePlayerEvents({
    api,
    instanceId: data._id,
    widgetType: 'desktop',
    engine,
    playing: engineState === 'playing',
    setPosition,
    selected,
    songId,
    sourceId,
  });

  // ── actions ───────────────────────────────────────────────────────────────────────────────────────
  const playable = (id: string) => !!versionOf(id) && status[id]?.state !== 'failed';
  function choose(id: string) {
    if (playable(id)) select(id);
  }
  const canPlay = !!source && recorded.length > 0 && engineState !== 'idle';
  function togglePlay() {
    if (toggleEngine()) events.play();
  }
  const pickSong = (id: string) => {
    const next = data.songs.find((s) => s._id === id);
    setSongId(id);
    setSourceId(next?.sources[0]?._id ?? null);
  };
  const setLevel = (on: boolean) => {
    setMatched(on);
    engine().setLevelMatched(on);
  };
  // Adding disables the Add button (and the last addable product takes the whole Add row away); removing takes
  // the remove button away: the focus would fall to the host page, where the number keys and the space bar do
  // nothing. It goes to the added product's button, or to the removed one's neighbour, once they are drawn.
  const list = useRef<HTMLOListElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    const item = id
      ? [...(list.current?.children ?? [])].find((li) => (li as HTMLElement).dataset.product === id)
      : null;
    const target =
      item?.querySelector<HTMLElement>('.pick:not([disabled])') ?? item?.querySelector<HTMLElement>('.remove');
    target?.focus();
  }, [chosen]);
  const addProduct = () => {
    if (!adding || chosen.includes(adding)) return;
    focusNext.current = adding;
    setChosen([...chosen, adding]);
    setAdding('');
  };
  const removeProduct = (id: string) => {
    const rest = chosen.filter((c) => c !== id);
    if (rest.length === 0) return;
    const shown = order.filter((c) => c !== id);
    focusNext.current = shown[Math.min(order.indexOf(id), shown.length - 1)] ?? null;
    setChosen(rest);
    if (selected === id) setSelected(rest.find((c) => versionOf(c)) ?? rest[0]);
  };
  const blindButton = useRef<HTMLButtonElement>(null);
  // The box always shows the link to what is selected now; 'Link copied' only while that is the copied link.
  const shareUrl = buildShareUrl(location.href, {
    instance: data._id,
    product: hidden ? null : selected,
    song: songId,
    source: sourceId,
  });
  const shareNote = copied?.url === shareUrl ? copied.note : '';
  const share = async () => {
    const url = shareUrl;
    setShareOpen(true);
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ url, note: 'Link copied' });
    } catch {
      setCopied({ url, note: 'Copy the link below' });
    }
  };

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

  // ── drawing ───────────────────────────────────────────────────────────────────────────────────────
  const currency = useMemo(() => currencyOf(visitorLanguages()), []);
  const destination = chooseDestination(data.buttons, currency);
  const price = data.features.display_price === 1 && product && !hidden ? choosePrice(product.price, currency) : null;
  const playing = engineState === 'playing';
  const addable = hidden ? [] : addableProducts(data, chosen);
  const version = versionOf(selected);
  const livePosition = useCallback(() => engineRef.current?.position ?? 0, []);
  const notes = order.flatMap((id) => {
    const s = status[id];
    if (s?.state === 'failed')
      return [`${nameOf(id)}: ${s.message ?? 'The audio could not be loaded'}. The others keep playing.`];
    if (s?.state === 'slow') return [`${nameOf(id)} is taking a while to download…`];
    return [];
  });

  return (
    <div className={mini ? 'app mini' : 'app'}>
      {data.songs.length > 0 ? (
        <div className="row choose">
          <div className="field">
            <label className="label" htmlFor={ids.song}>
              Song
            </label>
            <select
              id={ids.song}
              value={songId ?? ''}
              onChange={(e) => pickSong((e.target as HTMLSelectElement).value)}
            >
              {data.songs.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.song_writer ? `${s.name} – ${s.song_writer}` : s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="label" htmlFor={ids.source}>
              Source
            </label>
            <select
              id={ids.source}
              value={sourceId ?? ''}
              onChange={(e) => setSourceId((e.target as HTMLSelectElement).value)}
            >
              {(song?.sources ?? []).map((s) => (
                <option key={s._id} value={s._id}>
                  {s.performer ? `${s.name} (${s.performer})` : s.name}
                </option>
              ))}
            </select>
          </div>
          <InfoTip text={tip('AtkpAudio')} topic="the audio" />
        </div>
      ) : (
        <p className="empty">No recordings to compare yet.</p>
      )}

      <section className="switcher" aria-labelledby="atk-products-title">
        <div className="section-head">
          <h3 id="atk-products-title">{hidden ? 'Products (blind)' : 'Products'}</h3>
          <InfoTip text={tip('Gear')} topic="the products" />
          {order.length > 1 && <span className="hint">Keys 1–{Math.min(9, order.length)} switch</span>}
        </div>
        <ol className="products" ref={list}>
          {order.map((id, i) => {
            const p = byId.get(id);
            const s = status[id];
            const note = !source
              ? null
              : !versionOf(id)
                ? data.preparing
                  ? 'being prepared…'
                  : 'not recorded'
                : s?.state === 'failed'
                  ? 'failed'
                  : s?.state === 'loading' || s?.state === 'slow'
                    ? 'loading…'
                    : null;
            return (
              <li key={id} className="product" data-product={id}>
                <button
                  type="button"
                  className="pick"
                  aria-pressed={id === selected}
                  aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                  disabled={!!source && !playable(id)}
                  onClick={() => choose(id)}
                >
                  {i < 9 && (
                    <span className="key" aria-hidden="true">
                      {i + 1}
                    </span>
                  )}
                  {!hidden && p?.thumbnail && (
                    <img className="thumb" src={resolve(p.thumbnail)} alt="" width={32} height={32} />
                  )}
                  <span className="pname">
                    <span className="name">{nameOf(id)}</span>
                    {!hidden && p?.model && <span className="model">{p.model}</span>}
                    {note && <span className="pnote">{note}</span>}
                  </span>
                </button>
                {!hidden && chosen.length > 1 && (
                  <button
                    type="button"
                    className="remove"
                    aria-label={`Remove ${p?.name ?? 'product'}`}
                    onClick={() => removeProduct(id)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        {addable.length > 0 && (
          <div className="row add">
            <div className="field">
              <label className="label" htmlFor={ids.add}>
                Add a product to compare
              </label>
              <select id={ids.add} value={adding} onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}>
                <option value="">Choose a product…</option>
                {addable.map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.model ? `${p.name} (${p.model})` : p.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn" disabled={!adding} onClick={addProduct}>
              Add
            </button>
          </div>
        )}
        <p className="sr-only" role="status" aria-live="polite" data-testid="selected-announcement">
          {selected ? `${nameOf(selected)} selected` : ''}
        </p>
        <div className="notes" role="status" aria-live="polite">
          {notes.map((n) => (
            <p key={n} className="note">
              {n}
            </p>
          ))}
        </div>
      </section>

      {source && (
        <section className="transport" aria-label="Playback">
          <button
            type="button"
            className="play"
            aria-label={playing || waiting ? 'Pause' : 'Play'}
            aria-busy={(waiting && !playing) || undefined}
            aria-disabled={!canPlay || undefined}
            data-state={engineState}
            onClick={togglePlay}
          >
            <span aria-hidden="true" className={playing || waiting ? 'icon pause' : 'icon play-icon'} />
          </button>
          <div className="wave-wrap">
            <Waveform
              peaksUrl={version?.peaks_url ? resolve(version.peaks_url) : null}
              duration={duration}
              position={position}
              livePosition={livePosition}
              playing={playing}
              disabled={!canPlay}
              onSeek={seek}
            />
          </div>
          <span className="time" aria-hidden="true">
            {formatTime(position)} / {formatTime(duration)}
          </span>
          <InfoTip text={tip('AtkpWaveform')} topic="the waveform" />
        </section>
      )}

      <div className="row tools">
        {source && (
          <span className="level">
            <span className={matched ? 'badge on' : 'badge'} data-testid="level-indicator">
              {matched ? 'Level-matched' : 'Not level-matched'}
            </span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={matched}
              onClick={() => setLevel(!matched)}
            >
              <span className="track" aria-hidden="true" />
              Level matching
            </button>
          </span>
        )}
        <span className="group">
          <button
            ref={blindButton}
            type="button"
            className="btn"
            // Reveal ends the blind test (the products keep the places they had); pressed again, a new one starts.
            aria-pressed={hidden}
            onClick={() => setBlind(hidden ? null : { order: shuffle(chosen), revealed: false })}
          >
            Blind mode
          </button>
          {hidden && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (!blind) return;
                setBlind({ ...blind, revealed: true });
                // Reveal goes away once pressed: the focus stays beside it, in the player.
                blindButton.current?.focus();
              }}
            >
              Reveal products
            </button>
          )}
          <InfoTip text={tip('Blind')} topic="blind mode" />
        </span>
        <span className="group">
          <button type="button" className="btn" onClick={() => void share()}>
            Copy share link
          </button>
          <InfoTip text={tip('Share')} topic="the share link" />
          <span className="share-note" role="status">
            {shareNote}
          </span>
        </span>
        {infoPagesOf(data.infos).length > 0 && (
          <button
            type="button"
            className="btn"
            aria-expanded={infoOpen}
            aria-controls={infoOpen ? ids.info : undefined}
            onClick={() => setInfoOpen(!infoOpen)}
          >
            About &amp; help
          </button>
        )}
      </div>
      {infoOpen && <InfoPages id={ids.info} infos={data.infos} />}
      {shareOpen && (
        <div className="field share">
          <label className="label" htmlFor={ids.share}>
            Share link
          </label>
          <input
            id={ids.share}
            type="text"
            readOnly
            value={shareUrl}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />
        </div>
      )}

      {(price || destination) && (
        <div className="row buy">
          {price && (
            <p className="price">
              <span className="label">Price</span> <strong data-testid="price">{formatPrice(price)}</strong>
            </p>
          )}
          {destination && (
            <span className="group">
              <a className="btn primary" href={destination.url} target="_blank" rel="noopener noreferrer">
                Buy now
              </a>
              <InfoTip text={tip('BuyButton')} topic="the buy button" />
            </span>
          )}
        </div>
      )}

      <Panels
        features={data.features.ordered}
        product={product}
        hiddenNote={hidden ? 'Hidden in blind mode: reveal the products to see their details.' : null}
        bands={data.frequency_bands}
        imageOrder={data.image_order}
        tip={(name) => tip(name)}
        resolve={resolve}
      />
    </div>
  );
}
