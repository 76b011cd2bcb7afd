import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '#server/db/client';

/** Everything: a write that does not say what it changed, or a feed that may have missed some. */
export const ALL = '*';
/** The PostgreSQL channel every Pawtal process listens on. */
const CHANGE_CHANNEL = 'pawtal_changes';
/** NOTIFY payloads are limited to 8000 bytes; a longer list of tags is sent as ALL. */
const MAX_PAYLOAD = 7000;
/** The listening connection's name in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'pawtal-change-feed';

type ChangeListener = (tags: readonly string[]) => void;

/**
 * What changed, told to every process that keeps caches (docs/decisions/0065). Tags name what
 * changed: `pet:12`, `pets` (listings), `clinic:3`, `session:44`, or ALL.
 */
export interface ChangeFeed {
  /** true while every write of every process reaches this process (always on PGlite) */
  readonly live: boolean;
  /** Invalidates this process's caches at once, then tells the other processes. */
  publish(tags: readonly string[]): Promise<void>;
  /** Calls `listener` with every change; answers the function that stops it. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** PGlite: one process owns the database, so a change is only ever this process's own. */
class LocalChangeFeed implements ChangeFeed {
  readonly live = true;
  private readonly listeners: ChangeListener[] = [];

  subscribe(listener: ChangeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  deliver(tags: readonly string[]): void {
    for (const listener of this.listeners) listener(tags);
  }

  async publish(tags: readonly string[]): Promise<void> {
    this.deliver(tags);
  }

  async close(): Promise<void> {}
}

interface PgChangeFeedOptions {
  connectionString: string;
  /** sends a NOTIFY (through the app's pool, so a write and its notice share the database) */
  notify: (channel: string, payload: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** how often the listening connection is checked (a silent network loss is seen this late) */
  heartbeatMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * PostgreSQL: a dedicated connection LISTENs on CHANGE_CHANNEL; every process NOTIFYs its writes
 * there. While the connection is down the feed is not live (caches fall back to a short TTL, see
 * public-cache.ts), and when it comes back everything is invalidated, since notices sent in
 * between were lost. A heartbeat query finds a connection that died without an error.
 */
class PgChangeFeed implements ChangeFeed {
  private readonly origin = randomUUID();
  private readonly listeners: ChangeListener[] = [];
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly opts: PgChangeFeedOptions) {
    this.retryMs = opts.reconnectMinMs ?? 250;
    this.heartbeat = setInterval(() => void this.checkConnection(), opts.heartbeatMs ?? 5000);
    this.heartbeat.unref();
  }

  get live(): boolean {
    return this.connected;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  private deliver(tags: readonly string[]): void {
    for (const listener of this.listeners) listener(tags);
  }

  /** Connects and listens; resolves after the first attempt whether it worked or not. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: FEED_APPLICATION_NAME,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      const tags = parsePayload(message.payload, this.origin);
      if (tags) this.deliver(tags);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.client !== client) return;
      this.connected = true;
      this.retryMs = this.opts.reconnectMinMs ?? 250;
      // Notices sent before LISTEN took effect were not received: start from nothing.
      this.deliver([ALL]);
    } catch (err) {
      this.opts.log.warn(
        { err },
        'cache change feed: cannot listen on PostgreSQL; caches use a short TTL until it can',
      );
      this.lost(client);
    }
  }

  /** The listening connection is gone: not live any more, forget everything, reconnect later. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    const wasConnected = this.connected;
    this.connected = false;
    client.removeAllListeners('notification');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (wasConnected) {
      this.opts.log.warn('cache change feed: lost the PostgreSQL connection; reconnecting');
      this.deliver([ALL]);
    }
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.opts.reconnectMaxMs ?? 5000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private async checkConnection(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), 3000);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch {
      this.lost(client);
    } finally {
      clearTimeout(timer);
    }
  }

  async publish(tags: readonly string[]): Promise<void> {
    this.deliver(tags);
    let payload = JSON.stringify({ o: this.origin, t: tags });
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ o: this.origin, t: [ALL] });
    try {
      await this.opts.notify(CHANGE_CHANNEL, payload);
    } catch (err) {
      // The other processes miss this change until their TTL; the write itself most likely failed too.
      this.opts.log.error({ err }, 'cache change feed: could not notify the other processes');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/** The tags of another process's notice; null for this process's own or a malformed one. */
function parsePayload(payload: string, origin: string): string[] | null {
  try {
    const parsed = JSON.parse(payload) as { o?: unknown; t?: unknown };
    if (parsed.o === origin) return null;
    if (!Array.isArray(parsed.t)) return [ALL];
    return parsed.t.filter((t): t is string => typeof t === 'string');
  } catch {
    return [ALL];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What changed, told to every cache of every process (LISTEN/NOTIFY on PostgreSQL). */
    changeFeed: ChangeFeed;
  }
}

/**
 * The feed of each open database. It belongs to the database, not to one app: a second app on
 * the same database in this process (tests build several) must see the first one's writes at
 * once, as the first one's own caches do.
 */
const feedsByDatabase = new WeakMap<Db, ChangeFeed>();

/**
 * Decorates `app.changeFeed`: on PostgreSQL a PgChangeFeed (started before any cache subscribes,
 * closed with the app that opened it, docs/decisions/0065), on PGlite a LocalChangeFeed.
 */
export const changeFeedPlugin = fp(
  async (app) => {
    const { database, config } = app;
    let feed = feedsByDatabase.get(database.db);
    if (!feed) {
      if (database.kind === 'postgres' && config.databaseUrl) {
        const pgFeed = new PgChangeFeed({
          connectionString: config.databaseUrl,
          notify: async (channel, payload) => {
            await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          log: app.log,
        });
        app.addHook('onClose', () => pgFeed.close());
        await pgFeed.start();
        feed = pgFeed;
      } else {
        feed = new LocalChangeFeed();
      }
      feedsByDatabase.set(database.db, feed);
    }
    app.decorate('changeFeed', feed);
  },
  { name: 'change-feed', fastify: '5.x' },
);
