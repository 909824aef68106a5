import type { PlayerVersion } from '@atk/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { AudioEngine, type EngineState, unlockAudio } from '../engine/engine.ts';
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
import { usePlayerEvents } from './usePlayerEvents.ts';
import { Waveform } from './Waveform.tsx';

type VersionStatus = { state: 'loading' | 'slow' | 'ready' | 'failed'; message?: string };

/** A download still running after this long is called slow (the engine gives up at 45 s). */
const SLOW_MS = 8000;

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
  const [engineState, setEngineState] = useState<EngineState>('idle');
  const [status, setStatus] = useState<Record<string, VersionStatus>>({});
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [matched, setMatched] = useState(true);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [shareNote, setShareNote] = useState('');
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

  // ── the engine ────────────────────────────────────────────────────────────────────────────────────
  const engineRef = useRef<AudioEngine | null>(null);
  const engine = () => {
    engineRef.current ??= new AudioEngine();
    return engineRef.current;
  };
  const wantPlay = useRef(false);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  /** The current load: resolves once its selected version can play (and the place is restored). */
  const loadDone = useRef<Promise<unknown>>(Promise.resolve());
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    const e = engine();
    const off = e.listen({
      state: (s) => {
        setEngineState(s);
        setPosition(e.position);
        if (e.durationSamples > 0) setDuration(e.duration);
      },
      error: (id, message) => {
        setStatus((st) => ({ ...st, [id]: { state: 'failed', message } }));
      },
      loaded: (id) => {
        setStatus((st) => ({ ...st, [id]: { state: 'ready' } }));
        setDuration(e.duration);
      },
    });
    return () => {
      off();
      e.dispose();
      engineRef.current = null;
    };
  }, []);

  /** Starts playing once the load under way can (a play asked for during a load goes through here). */
  const resume = useCallback(async () => {
    for (;;) {
      const done = loadDone.current;
      await done;
      if (done === loadDone.current) break;
    }
    const e = engineRef.current;
    if (!e || !wantPlay.current) return;
    wantPlay.current = false;
    setWaiting(false);
    await e.play();
  }, []);

  const markSlow = (ids: string[]) =>
    setTimeout(
      () =>
        setStatus((st) =>
          Object.fromEntries(
            Object.entries(st).map(([id, s]) => [
              id,
              ids.includes(id) && s.state === 'loading' ? { state: 'slow' } : s,
            ]),
          ),
        ),
      SLOW_MS,
    );
  const engineVersion = (v: PlayerVersion) => ({ id: v.product_id, url: resolve(v.url), lufs: v.lufs });

  // A new source loads its versions (a new source of the same song keeps the place); products added to or taken
  // out of the comparison join or leave the running engine without stopping it.
  const recorded = chosen.filter((id) => versionOf(id));
  const loaded = useRef(new Set<string>());
  const loadedSong = useRef<string | null>(null);
  const sourceKey = source?._id ?? '';
  useEffect(() => {
    if (!source || !song) return;
    const e = engine();
    const versions = recorded.map((id) => versionOf(id) as PlayerVersion);
    loaded.current = new Set(versions.map((v) => v.product_id));
    if (versions.length === 0) {
      setStatus({});
      return;
    }
    const keep = loadedSong.current === song._id ? e.position : 0;
    loadedSong.current = song._id;
    if (e.state === 'playing') wantPlay.current = true;
    const current = selectedRef.current;
    const first = versions.some((v) => v.product_id === current) ? (current as string) : versions[0].product_id;
    if (first !== current) setSelected(first);
    setStatus(Object.fromEntries(versions.map((v) => [v.product_id, { state: 'loading' }])));
    setPosition(keep);
    setDuration(Math.max(0, ...versions.map((v) => (v.duration_ms ?? 0) / 1000)));
    let live = true;
    const slow = markSlow(versions.map((v) => v.product_id));
    const rate = versions.find((v) => v.sample_rate)?.sample_rate ?? undefined;
    loadDone.current = e
      .load(versions.map(engineVersion), first, rate)
      .then(async () => {
        if (!live || e.durationSamples === 0) return;
        setDuration(e.duration);
        if (keep > 0) await e.seek(Math.min(keep, e.duration));
        if (live) setPosition(e.position);
      })
      .catch(() => undefined);
    if (wantPlay.current) {
      setWaiting(true);
      void resume();
    }
    return () => {
      live = false;
      clearTimeout(slow);
    };
  }, [sourceKey]);
  const recordedKey = recorded.join(',');
  useEffect(() => {
    if (!source) return;
    const e = engine();
    const added = recorded.filter((id) => !loaded.current.has(id));
    for (const id of added) {
      loaded.current.add(id);
      setStatus((st) => ({ ...st, [id]: { state: 'loading' } }));
      void e.addVersion(engineVersion(versionOf(id) as PlayerVersion));
    }
    for (const id of [...loaded.current]) {
      if (recorded.includes(id) || id === e.selected) continue;
      e.removeVersion(id);
      loaded.current.delete(id);
    }
    if (added.length === 0) return;
    const slow = markSlow(added);
    return () => clearTimeout(slow);
  }, [recordedKey]);

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
    if (!playable(id)) return;
    setSelected(id);
    engine().select(id);
  }
  const canPlay = !!source && recorded.length > 0 && engineState !== 'idle';
  function togglePlay() {
    const e = engine();
    if (e.state === 'playing' || wantPlay.current) {
      wantPlay.current = false;
      setWaiting(false);
      e.pause();
      return;
    }
    if (!source || recorded.length === 0) return;
    // Inside the gesture: lets audio out (autoplay policy, iOS); it starts once the versions are in.
    void unlockAudio(e.context);
    wantPlay.current = true;
    setWaiting(true);
    void resume();
    events.play();
  }
  const seek = (s: number) => {
    void engine().seek(s);
    setPosition(s);
  };
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
  const share = async () => {
    const url = buildShareUrl(location.href, {
      instance: data._id,
      product: hidden ? null : selected,
      song: songId,
      source: sourceId,
    });
    setShareUrl(url);
    try {
      await navigator.clipboard.writeText(url);
      setShareNote('Link copied');
    } catch {
      setShareNote('Copy the link below');
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
        if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return;
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
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  }, [root]);

  // ── drawing ───────────────────────────────────────────────────────────────────────────────────────
  const currency = useMemo(() => currencyOf(visitorLanguages()), []);
  const destination = chooseDestination(data.buttons, currency);
  const price = data.features.display_price === 1 && product && !hidden ? choosePrice(product.price, currency) : null;
  const playing = engineState === 'playing';
  const addable = blind ? [] : addableProducts(data, chosen);
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
                {!blind && chosen.length > 1 && (
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
            aria-pressed={!!blind}
            onClick={() => setBlind(blind ? null : { order: shuffle(chosen), revealed: false })}
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
      {shareUrl && (
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
