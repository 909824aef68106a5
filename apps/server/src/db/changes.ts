import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Lru } from '../platform/lru.ts';
import type { Db } from './client.ts';

/**
 * The channel the database's triggers announce committed changes on (migration 0005): `list:<scope>` when a
 * product list's version moves, `user:<id>` when a user or one of its sessions changes, `all` when roles do,
 * `player:<kind>:<ids>` or `player:*` when a row a public player read shows changes (migration 0008).
 */
export const CHANGES_CHANNEL = 'atk_changes';

export type Change = { list: string } | { user: string } | { player: string } | 'all';

/**
 * What this process hears of the database's changes, whoever made them. Memory of what the database holds is
 * trusted only while the feed is live; every change heard, and every loss of the feed, moves the mark.
 */
export interface ChangeFeed {
  readonly live: boolean;
  readonly mark: number;
  subscribe(listener: (change: Change) => void): void;
}

function parse(payload: string): Change {
  const [kind, ...rest] = payload.split(':');
  const value = rest.join(':');
  if (kind === 'list') return { list: value };
  if (kind === 'user') return { user: value };
  if (kind === 'player') return { player: value };
  return 'all';
}

class Feed implements ChangeFeed {
  live = false;
  mark = 0;
  private readonly listeners: ((change: Change) => void)[] = [];

  subscribe(listener: (change: Change) => void) {
    this.listeners.push(listener);
  }

  hear(payload: string) {
    this.tell(parse(payload));
  }

  /** Listening (again): whatever was remembered before may have missed changes. */
  up() {
    this.live = true;
    this.tell('all');
  }

  down() {
    this.live = false;
    this.tell('all');
  }

  private tell(change: Change) {
    this.mark++;
    for (const listener of this.listeners) listener(change);
  }
}

const feeds = new WeakMap<Db, ChangeFeed>();
const deaf: ChangeFeed = { live: false, mark: 0, subscribe() {} };

/** The feed of a database opened by openDatabase; any other database has a feed that is never live. */
export function changeFeed(db: Db): ChangeFeed {
  return feeds.get(db) ?? deaf;
}

export interface Listening {
  /** Makes `db`'s feed this one. */
  serve(db: Db): void;
  stop(): Promise<void>;
}

/** Hears PGlite's changes: one connection in this process, so every change is heard before its query returns. */
export function listenPglite(client: PGlite): Listening {
  const feed = new Feed();
  const unlisten = client
    .listen(CHANGES_CHANNEL, (payload) => feed.hear(payload))
    .then((stop) => {
      feed.up();
      return stop;
    });
  return {
    serve: (db) => feeds.set(db, feed),
    async stop() {
      feed.down();
      await (await unlisten)();
    },
  };
}

/** The dedicated listener's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'atk-changes';
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RECONNECT_MS = 1_000;

/**
 * Hears PostgreSQL's changes. Every pool connection listens too (`attach` is the pool's onConnect), so a change
 * this process commits is heard before its own query returns (PostgreSQL delivers a session's own notifications
 * ahead of ReadyForQuery): the next request here sees it. Other processes' changes arrive on the dedicated
 * listener, whose loss (error, end, or a heartbeat that goes unanswered) turns the feed off until it listens again.
 */
export function listenPostgres(connectionString: string): Listening & { attach(client: pg.ClientBase): Promise<void> } {
  const feed = new Feed();
  const hear = (message: pg.Notification) => {
    if (message.channel === CHANGES_CHANNEL) feed.hear(message.payload ?? '');
  };

  let stopped = false;
  let listener: pg.Client | null = null;
  const lose = (client: pg.Client) => {
    if (listener !== client) return;
    listener = null;
    feed.down();
    client.end().catch(() => {});
    if (!stopped) setTimeout(connect, RECONNECT_MS).unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_NAME });
    listener = client;
    client.on('notification', hear);
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (listener === client && !stopped) feed.up();
    } catch {
      lose(client);
    }
  };
  const heartbeat = setInterval(async () => {
    const client = listener;
    if (!client || !feed.live) return;
    const timeout = setTimeout(() => lose(client), HEARTBEAT_TIMEOUT_MS);
    try {
      await client.query('select 1');
    } catch {
      lose(client);
    } finally {
      clearTimeout(timeout);
    }
  }, HEARTBEAT_MS).unref();
  void connect();

  return {
    serve: (db) => feeds.set(db, feed),
    async attach(client) {
      client.on('notification', hear);
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      const client = listener;
      listener = null;
      feed.down();
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Values read from the database and remembered while the change feed vouches for them: served from memory only
 * while the feed is live, dropped as soon as a change they depend on is heard, and not kept at all when any
 * change was heard during their read (the read may predate it). Nulls (nothing found) are not remembered, nor
 * values `keep` refuses. Bounded by the sum of the entries' weights (1 each unless `weigh` says otherwise): the
 * least recently used go first.
 */
export class Remembered<V> {
  private readonly entries: Lru<V>;

  constructor(
    private readonly feed: ChangeFeed,
    dependsOn: (change: Exclude<Change, 'all'>, key: string, value: V) => boolean,
    capacity = 10_000,
    private readonly keep: (value: V) => boolean = () => true,
    weigh?: (value: V) => number,
  ) {
    this.entries = new Lru(capacity, weigh);
    feed.subscribe((change) => {
      if (change === 'all') this.entries.clear();
      else this.entries.deleteWhere((key, value) => dependsOn(change, key, value));
    });
  }

  async get(key: string, read: () => Promise<V | null>): Promise<V | null> {
    const remembered = this.feed.live ? this.entries.get(key) : undefined;
    if (remembered !== undefined) return remembered;
    const mark = this.feed.mark;
    const value = await read();
    if (value !== null && this.feed.live && this.feed.mark === mark && this.keep(value)) this.entries.set(key, value);
    return value;
  }
}
