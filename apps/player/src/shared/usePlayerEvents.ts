import { WIDGET_EVENTS_PATH, type WidgetType } from '@atk/contract/constants';
import { useCallback, useEffect, useRef } from 'react';
import type { AudioEngine } from '../engine/engine.ts';
import {
  EventBatcher,
  type EventsSender,
  FLUSH_EVERY_MS,
  isUuid,
  type PlayerEventOut,
  pageUrl,
  TOKEN_RENEW_MS,
} from './events.ts';
import { dropVisitorId, forgetVisitor, sendEvents, visitorId } from './send.ts';

/** How often the playhead is shown and listening time counted while playing. */
const TICK_MS = 250;

/**
 * The clock and the statistics' events, one for the desktop player and the mobile widget: while playing, the playhead
 * every tick and the selected product's listening seconds; a launch when the player opens; batches sent every
 * FLUSH_EVERY_MS and when the page is hidden or left. A preview's instance (no uuid) sends nothing. Answers `play`,
 * which records a play of the selection. The launch goes at once, and its answer's token rides on the next batches
 * (each answer renews it); until it has come, events wait (unless the page is going away), and a token about to
 * expire launches again first (docs/api.md "How hard the statistics are to inflate"). Answers `vote` too: a blind
 * vote, sent at once; `buyClick`, sent as a beacon at once (the page may be navigating away); and `forget` (Forget
 * me). Strict privacy may change mid-visit (the page's consent): the next batches follow it, after a launch of the
 * new kind (the token names the visitor), and a withdrawn consent takes the id off the device.
 */
export function usePlayerEvents(o: {
  api: string;
  instanceId: string;
  widgetType: WidgetType;
  /** Strict privacy mode (./privacy.ts, the page's consent): the batches carry `privacy: 'strict'` and no visitor id. */
  strict: boolean;
  engine: () => AudioEngine;
  playing: boolean;
  setPosition: (seconds: number) => void;
  selected: string | null;
  songId: string | null;
  sourceId: string | null;
  /** Told each tick's seconds heard of the selected product (a preview's too): what a blind vote may name. */
  onHeard?: (productId: string, seconds: number) => void;
}): {
  play: () => void;
  vote: (event: Omit<PlayerEventOut, 'type' | 'instance_id'>) => void;
  buyClick: (event: Pick<PlayerEventOut, 'product_id' | 'retailer_id' | 'currency'>) => void;
  forget: () => Promise<boolean>;
  post: <T>(path: string, body: object) => Promise<T | null>;
} {
  const batcher = useRef(new EventBatcher()).current;
  const counting = isUuid(o.instanceId);
  // What the ticks count for, as of now (the effect below lives as long as one playing stretch).
  const target = useRef(o);
  target.current = o;

  useEffect(() => {
    o.setPosition(o.engine().position);
    if (!o.playing) return;
    let last = performance.now();
    const count = () => {
      const now = performance.now();
      const { selected: p, songId: s, sourceId: src, onHeard } = target.current;
      const seconds = (now - last) / 1000;
      // an ABX test's X is heard without being a product: nothing is counted for it
      if (p && s && src && target.current.engine().selected === p) {
        onHeard?.(p, seconds);
        if (counting) batcher.listen({ instance_id: o.instanceId, product_id: p, song_id: s, source_id: src }, seconds);
      }
      last = now;
    };
    const timer = setInterval(() => {
      target.current.setPosition(target.current.engine().position);
      count();
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      count();
    };
  }, [o.playing]);

  /** Forget me was done: nothing more is kept on the device for the rest of this page's visit. */
  const forgotten = useRef(false);
  const strictNow = () => target.current.strict || forgotten.current;
  // Read only when sending: in strict mode the visitor id (and its localStorage entry) is never made.
  const senderOf = (): EventsSender => ({
    ...(strictNow() ? { privacy: 'strict' } : { visitor_id: visitorId() }),
    widget_type: o.widgetType,
    page_url: pageUrl(location.href),
  });
  // The token ('' when the launch was refused), when it came, and whether the launch's answer is awaited.
  const token = useRef({ value: '', at: 0, waiting: false }).current;
  const flush = useCallback(
    (final: boolean) => {
      if (!counting) return;
      const sender = senderOf();
      const url = `${o.api}${WIDGET_EVENTS_PATH}`;
      if (!final && token.waiting) return;
      if (!final && token.value && Date.now() - token.at > TOKEN_RENEW_MS) return launch();
      const payloads = batcher.drain({ ...sender, token: token.value || undefined }, final);
      for (const payload of payloads)
        sendEvents(url, payload, final ? undefined : (t) => t && Object.assign(token, { value: t, at: Date.now() }));
    },
    [o.api, o.widgetType, batcher, counting],
  );
  /** Sends a launch on its own and keeps the token its answer gives. */
  const launch = () => {
    token.waiting = true;
    const sender = senderOf();
    sendEvents(
      `${o.api}${WIDGET_EVENTS_PATH}`,
      { ...sender, events: [{ type: 'launch', instance_id: o.instanceId }] },
      (t) => Object.assign(token, { value: t ?? '', at: Date.now(), waiting: false }),
    );
  };
  useEffect(() => {
    if (!counting) return;
    launch();
    const timer = setInterval(() => flush(false), FLUSH_EVERY_MS);
    const away = () => flush(true);
    const hidden = () => document.visibilityState === 'hidden' && flush(true);
    addEventListener('pagehide', away);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      removeEventListener('pagehide', away);
      document.removeEventListener('visibilitychange', hidden);
      flush(true);
    };
  }, []);

  // The page's consent changed mid-visit: a launch of the new kind, whose token the next batches carry.
  const wasStrict = useRef(o.strict);
  useEffect(() => {
    if (!counting || wasStrict.current === o.strict) return;
    wasStrict.current = o.strict;
    if (o.strict) dropVisitorId();
    launch();
  }, [o.strict]);

  return {
    play: () => {
      const { selected, songId, sourceId } = target.current;
      if (counting)
        batcher.add({
          type: 'play',
          instance_id: o.instanceId,
          product_id: selected,
          song_id: songId,
          source_id: sourceId,
        });
    },
    /**
     * POSTs to one of the widget's paths (WIDGET_ABX_PATH `/widget/abx`, WIDGET_EVENTS_PATH `/widget/events`) as
     * this visitor with the launch's token, keeping the token its answer renews; answers `data`, or null in strict
     * mode (no visitor id to tie a test to), in a preview, before the launch's token, or on any failure.
     */
    post: async <T>(path: string, body: object) => {
      if (!counting || strictNow() || !token.value) return null;
      try {
        const res = await fetch(`${o.api}${path}`, {
          method: 'POST',
          body: JSON.stringify({ ...senderOf(), token: token.value, ...body }),
          headers: { 'content-type': 'text/plain' },
          credentials: 'omit',
        });
        const r = (await res.json()) as { data?: (T & { token?: string | null }) | null };
        if (r.data?.token) Object.assign(token, { value: r.data.token, at: Date.now() });
        return r.data ?? null;
      } catch {
        return null;
      }
    },
    /** Sent at once, with the listening gathered so far: the server checks the vote against it. */
    vote: (event) => {
      if (!counting) return;
      batcher.add({ ...event, type: 'vote', instance_id: o.instanceId });
      flush(false);
    },
    buyClick: (event) => {
      if (!counting) return;
      batcher.add({ ...event, type: 'buy_click', instance_id: o.instanceId });
      flush(true);
    },
    forget: async () => {
      const done = await forgetVisitor(o.api);
      if (done && !forgotten.current) {
        forgotten.current = true;
        if (counting && !target.current.strict) launch();
      }
      return done;
    },
  };
}
