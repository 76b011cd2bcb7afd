import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '#shared/contract/paths';

const MAX_ENTRIES = 2000;

/**
 * A small in-process cache of public reads (reference data, listing pages, pet details), for the
 * embedded PGlite database only: PGlite lives inside this one process, so every write goes through
 * it and can invalidate the cache. On PostgreSQL several server processes may share the database and
 * a process-local cache would serve stale data, so there the cache is a pass-through
 * (docs/decisions/0002-public-read-cache-on-pglite-only.md).
 *
 * Invalidation is by version: every write bumps it and clears the entries. An entry is stored with
 * the version its read started under and is only used while that version is current, so a read
 * that overlapped a write is never served afterwards.
 */
export class PublicCache {
  private version = 0;
  private readonly entries = new Map<string, { version: number; value: unknown }>();
  private readonly inflight = new Map<string, { version: number; promise: Promise<unknown> }>();
  /** caches built from what this one holds: cleared with it */
  private readonly dependents: PublicCache[] = [];

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Clears `other` whenever this cache is cleared (e.g. rendered pages, made from public reads). */
  addDependent(other: PublicCache): void {
    this.dependents.push(other);
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const version = this.version;
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Least recently used goes first: move the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const pending = this.inflight.get(key);
    if (pending && pending.version === version) return pending.promise as Promise<T>;
    const promise = load();
    this.inflight.set(key, { version, promise });
    try {
      const value = await promise;
      if (this.version === version) {
        this.entries.set(key, { version, value });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      }
      return value;
    } finally {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    }
  }

  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.inflight.clear();
    for (const dependent of this.dependents) dependent.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, PublicCache>();

/** The public cache of this app (one per database connection). */
export function publicCache(app: FastifyInstance): PublicCache {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = new PublicCache(app.database.kind === 'pglite');
    caches.set(app.db, cache);
  }
  return cache;
}

/** Server-rendered pages are about 60–100 KB each: fewer of them than of API answers. */
const MAX_PAGES = 200;
const pageCaches = new WeakMap<object, PublicCache>();

/**
 * Server-rendered public pages (src/server/pages/server-render.ts), on PGlite only like the public
 * cache, and cleared with it: a page is made of public reads, so any write that could change one
 * clears every page.
 */
export function pageCache(app: FastifyInstance): PublicCache {
  let cache = pageCaches.get(app.db);
  if (!cache) {
    cache = new PublicCache(app.database.kind === 'pglite', MAX_PAGES);
    publicCache(app).addDependent(cache);
    pageCaches.set(app.db, cache);
  }
  return cache;
}

/**
 * Call after any write that changes what public reads show (pets, breeds, providers, records,
 * legal documents…) when the write does not come through an HTTP request. Every POST/PUT/PATCH/DELETE
 * request already invalidates through the hook of publicCacheInvalidation.
 */
export function invalidatePublicCache(app: FastifyInstance): void {
  publicCache(app).invalidate();
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes that change nothing a public read shows (sessions and login throttling, the e-mail outbox). */
const NEUTRAL_WRITES = new Set([API.vetLogin, API.vetLogout, API.sendVetReminders].map((p) => p.toLowerCase()));

function changesPublicData(method: string, url: string): boolean {
  return WRITE_METHODS.has(method) && !NEUTRAL_WRITES.has(url.split('?')[0].toLowerCase());
}

/**
 * Invalidates the public cache before and after every write request of the whole app (this plugin
 * is not encapsulated), so writes by any route module are visible on the next read. Only login and
 * logout are exempt.
 */
export const publicCacheInvalidation: FastifyPluginAsync = fp(
  async (app) => {
    const cache = publicCache(app);
    app.addHook('onRequest', async (request) => {
      if (changesPublicData(request.method, request.url)) cache.invalidate();
    });
    app.addHook('onResponse', async (request) => {
      if (changesPublicData(request.method, request.url)) cache.invalidate();
    });
  },
  { name: 'public-cache-invalidation' },
);
