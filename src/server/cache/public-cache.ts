import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '#shared/contract/paths';
import { ALL, type ChangeFeed } from '#server/cache/change-feed';
import { decodedPath } from '#server/http/request-url';
import { UserError } from '#server/http/errors';

const MAX_ENTRIES = 2000;
/** While the change feed is down, an entry is served for at most this long (docs/decisions/0065). */
export const FALLBACK_TTL_MS = 1000;
/** A tag list that outgrows this is folded into one full invalidation (bounded memory). */
const MAX_TRACKED_TAGS = 10_000;

/** What an entry depends on: fixed, or read from the loaded value (e.g. the ids of its rows). */
export type CacheTags<T> = readonly string[] | ((value: T) => readonly string[]);

export interface CacheOptions {
  enabled?: boolean;
  maxEntries?: number;
  /**
   * A budget in bytes instead of a count: each entry weighs `weigh(value)` (what it holds in
   * memory), and the least recently used go until the entries fit. An entry heavier than the
   * whole budget is served but not kept.
   */
  maxBytes?: { budget: number; weigh: (value: unknown) => number };
  /** the longest an entry may be served, now (Infinity while the change feed is live) */
  maxAgeMs?: () => number;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  storedAt: number;
  /** its weight against maxBytes (0 without it) */
  bytes: number;
}

/** Collects the tags of every cached read made while a page renders (the page depends on them all). */
const readTags = new AsyncLocalStorage<Set<string>>();

/**
 * A small in-process cache of reads, with tags saying what each entry depends on (`pet:12`,
 * `pets`, `clinic:3`, `providers:sitters`…). A write invalidates the tags it changed, in this
 * process and, through the change feed (PostgreSQL LISTEN/NOTIFY), in every other process
 * (docs/decisions/0065).
 *
 * A read that overlapped a write is never stored: each invalidation advances a generation and
 * records it per tag, and a loaded value is stored only if none of its tags (nor ALL) was
 * invalidated since its load started.
 */
export class PublicCache {
  private generation = 0;
  private clearedAt = 0;
  private readonly tagClearedAt = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<
    string,
    { generation: number; promise: Promise<{ value: unknown; tags: readonly string[] }> }
  >();
  readonly enabled: boolean;
  private readonly maxEntries: number;
  private readonly maxBytes: CacheOptions['maxBytes'];
  private storedBytes = 0;
  private readonly maxAgeMs: () => number;

  constructor(opts: CacheOptions = {}) {
    this.enabled = opts.enabled ?? true;
    this.maxBytes = opts.maxBytes;
    this.maxEntries = opts.maxBytes ? Infinity : (opts.maxEntries ?? MAX_ENTRIES);
    this.maxAgeMs = opts.maxAgeMs ?? (() => Infinity);
  }

  async get<T>(key: string, load: () => Promise<T>, tags: CacheTags<T> = []): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit) {
      if (Date.now() - hit.storedAt <= this.maxAgeMs()) {
        // Least recently used goes first: move the entry to the end.
        this.entries.delete(key);
        this.entries.set(key, hit);
        noteTags(hit.tags);
        return hit.value as T;
      }
      this.drop(key);
    }
    const generation = this.generation;
    let pending = this.inflight.get(key);
    if (!pending || pending.generation !== generation) {
      const promise = load().then((value) => ({ value, tags: typeof tags === 'function' ? tags(value) : tags }));
      pending = { generation, promise };
      this.inflight.set(key, pending);
      void promise.then(
        (loaded) => {
          if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
          if (this.unchangedSince(generation, loaded.tags)) this.store(key, loaded.value, loaded.tags);
        },
        () => {
          if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        },
      );
    }
    const loaded = await pending.promise;
    noteTags(loaded.tags);
    return loaded.value as T;
  }

  /** The value kept under `key` when it is there and fresh, without loading anything; undefined when it is not kept. */
  peek<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(key);
    if (!hit || Date.now() - hit.storedAt > this.maxAgeMs()) return undefined;
    noteTags(hit.tags);
    return hit.value as T;
  }

  /** The generation now: a value read from here on and `put` with it is kept only if no write changed its tags since. */
  get generationNow(): number {
    return this.generation;
  }

  /** Keeps `value` under `key` (replacing what was kept), unless one of its tags changed since `generation`. */
  put(key: string, value: unknown, tags: readonly string[], generation: number): void {
    if (this.enabled && this.unchangedSince(generation, tags)) this.store(key, value, tags);
  }

  /** Runs `load` and returns its value with the tags of every cached read it made. */
  static async collectingTags<T>(load: () => Promise<T>): Promise<{ value: T; tags: string[] }> {
    const tags = new Set<string>();
    const value = await readTags.run(tags, load);
    return { value, tags: [...tags] };
  }

  private unchangedSince(generation: number, tags: readonly string[]): boolean {
    if (this.clearedAt > generation) return false;
    return tags.every((tag) => (this.tagClearedAt.get(tag) ?? 0) <= generation);
  }

  private store(key: string, value: unknown, tags: readonly string[]): void {
    this.drop(key);
    const bytes = this.maxBytes ? this.maxBytes.weigh(value) : 0;
    if (this.maxBytes && bytes > this.maxBytes.budget) return;
    this.entries.set(key, { value, tags, storedAt: Date.now(), bytes });
    this.storedBytes += bytes;
    // Least recently used first (a Map iterates in insertion order; a hit moves its entry to the end).
    while (this.entries.size > this.maxEntries || (this.maxBytes && this.storedBytes > this.maxBytes.budget))
      this.drop(this.entries.keys().next().value as string);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedBytes -= entry.bytes;
  }

  /** Drops every entry depending on one of `tags` (ALL: every entry). No tags: everything. */
  invalidate(tags: readonly string[] = [ALL]): void {
    this.generation += 1;
    this.inflight.clear();
    if (tags.includes(ALL) || this.tagClearedAt.size + tags.length > MAX_TRACKED_TAGS) {
      this.clearedAt = this.generation;
      this.tagClearedAt.clear();
      this.entries.clear();
      this.storedBytes = 0;
      return;
    }
    for (const tag of tags) this.tagClearedAt.set(tag, this.generation);
    const changed = new Set(tags);
    for (const [key, entry] of this.entries) if (entry.tags.some((t) => changed.has(t))) this.drop(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entries' weight against maxBytes (0 without it). */
  get bytes(): number {
    return this.storedBytes;
  }
}

function noteTags(tags: readonly string[]): void {
  const collector = readTags.getStore();
  if (collector) for (const tag of tags) collector.add(tag);
}

/** How long an entry may be served: until invalidated while the feed is live, else FALLBACK_TTL_MS. */
function maxAgeFor(feed: ChangeFeed): () => number {
  return () => (feed.live ? Infinity : FALLBACK_TTL_MS);
}

/**
 * What an entry of the page cache says it weighs (src/server/pages/server-render.ts keeps pages compressed, about 30
 * KB).
 */
const pageWeight = (value: unknown) => (value as { bytes: number }).bytes;

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache (API answers a visitor may see). */
    publicCache: PublicCache;
    /**
     * Server-rendered public pages (src/server/pages/server-render.ts). A page is tagged with the tags
     * of every public read it was made from (PublicCache.collectingTags), so it goes when one of them does.
     */
    pageCache: PublicCache;
    /**
     * The portal's list pages (visits, patients, reminders) by clinic and normalised query, tagged
     * `clinic:<id>` and with the pets they show (`pet:<id>`): a clinic's writes clear its lists, a
     * change to a pet clears every clinic's lists that show it.
     */
    clinicListCache: PublicCache;
  }
}

/** Decorates the app with its three read caches, each kept in step by the change feed. */
export const cachesPlugin = fp(
  async (app) => {
    const maxAgeMs = maxAgeFor(app.changeFeed);
    // READ_CACHE_ENTRIES answers of each kind (2,000); 0 keeps none (the scale bench times the queries so)
    const readOptions = { enabled: app.config.readCacheEntries > 0, maxEntries: app.config.readCacheEntries, maxAgeMs };
    const reads = new PublicCache(readOptions);
    // PAGE_CACHE_MB of pages (64 MB: about 2,000); 0 keeps none
    const pages = new PublicCache({
      enabled: app.config.pageCacheBytes > 0,
      maxBytes: { budget: app.config.pageCacheBytes, weigh: pageWeight },
      maxAgeMs,
    });
    const clinicLists = new PublicCache(readOptions);
    const stop = app.changeFeed.subscribe((tags) => {
      reads.invalidate(tags);
      pages.invalidate(tags);
      clinicLists.invalidate(tags);
    });
    app.addHook('onClose', async () => stop());
    app.decorate('publicCache', reads);
    app.decorate('pageCache', pages);
    app.decorate('clinicListCache', clinicLists);
  },
  { name: 'caches', dependencies: ['change-feed'], fastify: '5.x' },
);

/**
 * Call after a write that does not come through an HTTP request (a script, a test writing the
 * tables): clears the given tags, or everything, in every process.
 */
export function invalidatePublicCache(app: FastifyInstance, tags: readonly string[] = [ALL]): Promise<void> {
  return app.changeFeed.publish(tags);
}

/** Tag helpers: one spelling for each kind of thing a write can change. */
export const cacheTag = {
  pet: (id: number) => `pet:${id}`,
  /** the adoption and lost listings, and shelter counts */
  pets: 'pets',
  clinic: (id: number) => `clinic:${id}`,
  providers: (kind: string) => `providers:${kind}`,
  reference: 'reference',
  legal: 'legal',
  /** the found-pet listing (every open report) */
  found: 'found',
  foundPet: (id: number) => `found:${id}`,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** what a write request changed (tags); unset: it may have changed anything */
    cacheChanges: string[] | null;
  }
}

/** A write route says what it changed; without it the write invalidates everything. */
export function markChanged(request: { cacheChanges: string[] | null }, tags: readonly string[]): void {
  request.cacheChanges = [...(request.cacheChanges ?? []), ...tags];
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * POSTs that change nothing cached: sessions and throttling only (their own code publishes), reads, and saved grid
 * views (never cached).
 */
const NEUTRAL_POSTS = new Set(
  [API.vetLogin, API.vetLogout, API.vetReminders, API.checkResetToken, API.saveGridView, API.deleteGridView].map((p) =>
    p.toLowerCase(),
  ),
);

function isWrite(method: string, url: string): boolean {
  return WRITE_METHODS.has(method) && !NEUTRAL_POSTS.has(decodedPath(url).toLowerCase());
}

/**
 * After every write request of the whole app (this plugin is not encapsulated), before the answer
 * leaves: publishes what it changed (markChanged; everything when the route did not say), plus
 * its clinic's lists. So the next read, on this process or (within the notice's delivery) any
 * other, sees the write.
 */
export const publicCacheInvalidation: FastifyPluginAsync = fp(
  async (app) => {
    app.decorateRequest('cacheChanges', null);
    // A write refused with a message for the user (a bad token, a rule broken) changed nothing.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof UserError && request.cacheChanges === null) request.cacheChanges = [];
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isWrite(request.method, request.url)) return payload;
      // Nor did a write that reached no route or was refused as the client's error (400, 401, 404, 429…):
      // else anyone could empty every cache of every process with one POST to a made-up address.
      if (request.is404 || (reply.statusCode >= 400 && reply.statusCode < 500)) return payload;
      const tags = request.cacheChanges ?? [ALL];
      const clinic = request.clinic as { clinicId: number } | undefined;
      if (clinic) tags.push(cacheTag.clinic(clinic.clinicId));
      if (tags.length > 0) await app.changeFeed.publish([...new Set(tags)]);
      return payload;
    });
  },
  { name: 'public-cache-invalidation', dependencies: ['change-feed'] },
);
