import { useEffect, useRef, useState } from 'react';
import { type Blind, votable } from './blind.ts';
import { MAX_LISTEN_SECONDS, type PlayerEventOut } from './events.ts';

/**
 * A blind test's vote, the same in the desktop player and the mobile widget (./Vote.tsx asks it): the seconds heard of
 * each product on this song and source in this test (`onHeard`, told by ./usePlayerEvents.ts each tick), the products
 * heard long enough (./blind.ts `votable`), and the songs × sources voted on in this page, which are not asked about
 * again. `ballot` makes the vote's event.
 */
export function useBlindVote(o: {
  enabled: boolean;
  blind: Blind;
  order: string[];
  songId: string | null;
  sourceId: string | null;
}) {
  const heard = useRef(new Map<string, number>());
  const [heardEnough, setHeardEnough] = useState<string[]>([]);
  const voted = useRef(new Set<string>());
  const key = `${o.songId}|${o.sourceId}`;
  useEffect(() => {
    heard.current = new Map();
    setHeardEnough([]);
  }, [o.blind?.order, o.songId, o.sourceId]);
  const onHeard = (id: string, seconds: number) => {
    if (!o.enabled || !o.blind || o.blind.revealed || voted.current.has(key)) return;
    heard.current.set(id, (heard.current.get(id) ?? 0) + seconds);
    const enough = votable(o.order, heard.current);
    if (enough.length !== heardEnough.length) setHeardEnough(enough);
  };
  /** The vote for `pick` (null: No preference) as an event to send. */
  const ballot = (pick: string | null, levelMatched: boolean): Omit<PlayerEventOut, 'type' | 'instance_id'> => {
    voted.current.add(key);
    return {
      product_id: pick ?? undefined,
      song_id: o.songId,
      source_id: o.sourceId,
      products: heardEnough,
      heard: heardEnough.map((id) => Math.min(Math.round((heard.current.get(id) ?? 0) * 10) / 10, MAX_LISTEN_SECONDS)),
      level_matched: levelMatched,
    };
  };
  return { heardEnough, onHeard, ballot };
}
