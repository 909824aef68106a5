/**
 * A player's side of POST /widget/events in tests: launch as the player does (the answer's token) and send the
 * following batches with it. `backdated` stands in for waiting: the token a launch `seconds` ago would have had
 * (signed with the test secret), so listening that real time allows can be sent at once.
 */
import { randomUUID } from 'node:crypto';
import { API_BASE, type PlayerEventsAnswer, type WidgetType } from '@atk/contract';
import { issueToken } from '../../src/modules/statistics/tokens.ts';
import { TEST_EVENTS_SECRET } from './harness.ts';

export interface Visitor {
  base: string;
  instance: string;
  visitor: string;
  widget: WidgetType;
  address: string;
  token: string | null;
}

export interface Sent {
  status: number;
  accepted: number;
  token: string | null;
  abx?: PlayerEventsAnswer['abx'];
}

/** Sends a batch as `v` (its token, its address behind a trusted proxy); keeps the answer's token. */
export async function sendAs(v: Visitor, events: Record<string, unknown>[], token = v.token): Promise<Sent> {
  const res = await fetch(`${v.base}${API_BASE}/widget/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
    body: JSON.stringify({ visitor_id: v.visitor, widget_type: v.widget, ...(token ? { token } : {}), events }),
  });
  const body = (await res.json()) as { data: PlayerEventsAnswer | null };
  if (body.data?.token) v.token = body.data.token;
  return {
    status: res.status,
    accepted: body.data?.accepted ?? 0,
    token: body.data?.token ?? null,
    abx: body.data?.abx,
  };
}

/** A visitor that launched `instance` (through the endpoint), with the token its launch answered. */
export async function launched(
  base: string,
  instance: string,
  o: { visitor?: string; widget?: WidgetType; address?: string } = {},
): Promise<Visitor> {
  const v: Visitor = {
    base,
    instance,
    visitor: o.visitor ?? randomUUID(),
    widget: o.widget ?? 'desktop',
    address: o.address ?? '10.0.0.1',
    token: null,
  };
  const sent = await sendAs(v, [{ type: 'launch', instance_id: instance }]);
  if (sent.status !== 200 || !sent.token) throw new Error(`launch refused: ${sent.status} ${sent.accepted}`);
  return v;
}

/** The token `v` would hold had it launched `seconds` ago. */
export const backdated = (v: Pick<Visitor, 'widget' | 'instance' | 'visitor'>, seconds: number) =>
  issueToken(
    Buffer.from(TEST_EVENTS_SECRET),
    { widget: v.widget, instance: v.instance, visitor: v.visitor },
    Date.now() - seconds * 1000,
  );
