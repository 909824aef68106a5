import type { WidgetType } from '@atk/contract/constants';
import { useCallback, useEffect, useRef } from 'react';
import type { AudioEngine } from '../engine/engine.ts';
import { EventBatcher, FLUSH_EVERY_MS, isUuid, pageUrl } from './events.ts';
import { sendEvents, visitorId } from './send.ts';

/** How often the playhead is shown and listening time counted while playing. */
const TICK_MS = 250;

/**
 * The clock and the statistics' events, one for the desktop player and the mobile widget: while playing, the playhead
 * every tick and the selected product's listening seconds; a launch when the player opens; batches sent every
 * FLUSH_EVERY_MS and when the page is hidden or left. A preview's instance (no uuid) sends nothing. Answers `play`,
 * which records a play of the selection.
 */
export function usePlayerEvents(o: {
  api: string;
  instanceId: string;
  widgetType: WidgetType;
  engine: () => AudioEngine;
  playing: boolean;
  setPosition: (seconds: number) => void;
  selected: string | null;
  songId: string | null;
  sourceId: string | null;
}): { play: () => void } {
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
      const { selected: p, songId: s, sourceId: src } = target.current;
      if (counting && p && s && src)
        batcher.listen({ instance_id: o.instanceId, product_id: p, song_id: s, source_id: src }, (now - last) / 1000);
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

  const flush = useCallback(
    (final: boolean) => {
      if (!counting) return;
      const sender = { visitor_id: visitorId(), widget_type: o.widgetType, page_url: pageUrl(location.href) };
      for (const payload of batcher.drain(sender, final)) sendEvents(`${o.api}/widget/events`, payload);
    },
    [o.api, o.widgetType, batcher, counting],
  );
  useEffect(() => {
    if (!counting) return;
    batcher.add({ type: 'launch', instance_id: o.instanceId });
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
  };
}
