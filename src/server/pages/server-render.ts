import { AsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderPage, RenderResult, RenderTiming } from '#shared/contract/server-render-state';
import type { LanguageCode } from '#shared/languages';
import { requestLanguage } from '#server/http/request-language';
import { pageAddress } from '#shared/page-address';
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import { PublicCache } from '#server/cache/public-cache';
import { JSON_TYPE, type PageCallAnswer } from '#server/http/public-reads';
import { RenderThreads } from '#server/pages/render-threads';
import {
  listingCallSeen,
  noteListingEnd,
  pastTheListingEnd,
  type ListingCallSeen,
} from '#server/pages/listing-extents';

type RendererModule = { render: RenderPage };
const renderers = new Map<string, Promise<RendererModule | null>>();

/** dist/server/entry-server.js beside dist/client, built by `npm run build`; null when it was not built. */
function loadRenderer(clientDir: string): Promise<RendererModule | null> {
  let loaded = renderers.get(clientDir);
  if (!loaded) {
    const file = path.join(clientDir, '..', 'server', 'entry-server.js');
    loaded = fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RendererModule>)
      : Promise.resolve(null);
    renderers.set(clientDir, loaded);
  }
  return loaded;
}

/** Each app's render threads (RENDER_THREADS), started with its first page. */
const threadsByApp = new WeakMap<FastifyInstance, RenderThreads>();

/**
 * What renders the app's pages: its render threads (dist/server/render-thread.js, RENDER_THREADS
 * of them), or the renderer in this thread (RENDER_THREADS=0, or a build without the thread entry).
 */
async function pageRenderer(app: FastifyInstance, clientDir: string): Promise<{ render: RenderPage } | null> {
  const inThisThread = await loadRenderer(clientDir);
  if (!inThisThread || app.config.renderThreads === 0) return inThisThread;
  let threads = threadsByApp.get(app);
  if (!threads) {
    const file = path.join(clientDir, '..', 'server', 'render-thread.js');
    if (!fs.existsSync(file)) return inThisThread;
    threads = new RenderThreads(file, app.config.renderThreads);
    threadsByApp.set(app, threads);
  }
  return threads;
}

/** Stops the app's render threads (its onClose). */
export async function closeRenderThreads(app: FastifyInstance): Promise<void> {
  await threadsByApp.get(app)?.close();
}

/** How a page was served: made now (with how long its render took), or kept. */
export interface ServedRender<P> {
  page: P;
  /** this request's render; null when the page came from the page cache (or another request's render) */
  timing: RenderTiming | null;
  /** false: a call of the page failed for this visitor and was left to the browser (never kept) */
  complete: boolean;
}

/** A page kept by the page cache says what it weighs (src/server/cache/public-cache.ts, maxBytes). */
interface Weighed {
  readonly bytes: number;
}

/**
 * The page rendered on the server from the app's own components, with the data of its API calls
 * answered in-process (a public read by the function behind its route, any other call through its route with
 * app.inject: the same checks as any call), and finished
 * by `finish` (written into index.html). A page is rendered from, and kept under, its address as
 * the page reads it (pageAddress: its path and the query parameters it reads, docs/decisions/0101)
 * in the request's language, until a write changes one of the reads it was made of. Null when
 * there is no renderer or the render failed: the browser then renders the page.
 */
export async function serverRender<P extends Weighed>(
  app: FastifyInstance,
  request: FastifyRequest,
  clientDir: string,
  config: RuntimeConfig,
  /** writes the page; `pageUrl` is the address it is rendered from and kept under */
  finish: (rendered: RenderResult, pageUrl: string) => Promise<P>,
): Promise<ServedRender<P> | null> {
  const renderer = await pageRenderer(app, clientDir);
  if (!renderer) return null;
  const language = requestLanguage(request);
  const { url, keep } = pageAddress(request.url);
  // The day is part of the key: pages show ages and dates relative to today.
  const key = `${new Date().toISOString().slice(0, 10)}:${language}:${url}`;
  let timing: RenderTiming | null = null;
  try {
    // A page is kept until a write changes one of the reads it was made of (their tags), in any process; a text
    // search's page is made for its asker only (docs/decisions/0162).
    const make = async () => {
      const since = app.pageCache.generationNow;
      const listingCalls: ListingCallSeen[] = [];
      const rendered = await PublicCache.collectingTags(() =>
        renderWith(renderer, app, url, language, config, request.ip, listingCalls),
      );
      if (rendered.value.rendered) timing = rendered.value.timing ?? null;
      const page = await finish(rendered.value, url);
      // A page beyond its listing's end is sent to the one page past the end (app.ts), never kept as a page of its own.
      noteListingEnd(app, url, listingCalls, rendered.tags, since);
      if (pastTheListingEnd(app, url) !== null) throw new PageNotKept(page);
      // A call that failed (a visitor over a limit, the database away) left part of the page to the
      // browser: serve it, but never keep it for the next visitors.
      if (rendered.value.rendered && rendered.value.failedCalls.length > 0)
        throw new IncompleteRender(page, rendered.value.failedCalls);
      return { page, tags: rendered.tags, bytes: page.bytes + key.length * 2 };
    };
    const kept = keep ? await app.pageCache.get(key, make, (made) => made.tags) : await make();
    return { page: kept.page, timing, complete: true };
  } catch (error) {
    if (error instanceof PageNotKept) return { page: error.page as P, timing, complete: true };
    if (error instanceof IncompleteRender) {
      request.log.warn(
        { path: url.split('?')[0], failedCalls: error.failedCalls },
        'server render: calls failed and were left to the browser; the page is not cached',
      );
      return { page: error.page as P, timing, complete: false };
    }
    request.log.error({ err: error }, 'server render failed; the browser renders the page');
    return null;
  }
}

class PageNotKept extends Error {
  constructor(readonly page: unknown) {
    super("a page past its listing's end is not kept");
  }
}

class IncompleteRender extends Error {
  constructor(
    readonly page: unknown,
    readonly failedCalls: string[],
  ) {
    super('a call of the page failed');
  }
}

/**
 * `visitor`: the address the page's calls count against (failed lookups are limited per address).
 * The calls run in the render's async context (bound), wherever they are made from (a render
 * thread's message), so the page cache collects the tags of the reads they make.
 */
function renderWith(
  renderer: { render: RenderPage },
  app: FastifyInstance,
  url: string,
  language: LanguageCode,
  config: RuntimeConfig,
  visitor: string,
  /** where the render's listing calls are noted (docs/decisions/0159) */
  listingCalls: ListingCallSeen[],
): Promise<RenderResult> {
  return renderer.render({
    url,
    language,
    config,
    fetchApi: AsyncResource.bind(async (callUrl: string, init: RequestInit) => {
      const method = init.method === 'POST' ? 'POST' : 'GET';
      const answer =
        (method === 'GET' ? await answerInProcess(app, callUrl, language, visitor) : null) ??
        (await answerThroughRoute(app, method, callUrl, language, visitor));
      const listing = listingCallSeen(callUrl, answer.status, answer.body);
      if (listing) listingCalls.push(listing);
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } });
    }),
  });
}

interface CallAnswer extends PageCallAnswer {
  contentType: string;
}

/**
 * A page's call of a public read, answered by the function behind its route (src/server/http/public-reads.ts), in
 * the page's language and counted against the visitor's address; null for any other call, or one whose parameters
 * are not in their plain form, or that failed other than with a message (it then goes through the route).
 */
async function answerInProcess(
  app: FastifyInstance,
  callUrl: string,
  language: LanguageCode,
  visitor: string,
): Promise<CallAnswer | null> {
  const queryAt = callUrl.indexOf('?');
  const read = app.publicReads.get((queryAt < 0 ? callUrl : callUrl.slice(0, queryAt)).toLowerCase());
  if (!read) return null;
  const params = new URLSearchParams(queryAt < 0 ? '' : callUrl.slice(queryAt + 1));
  try {
    const answer = await read.pageAnswer(params, language, { ip: visitor });
    return answer && { ...answer, contentType: JSON_TYPE };
  } catch {
    return null;
  }
}

/** A page's call through its route (app.inject), in the page's language, counted against the visitor's address. */
async function answerThroughRoute(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  callUrl: string,
  language: LanguageCode,
  visitor: string,
): Promise<CallAnswer> {
  const answer = await app.inject({
    method,
    url: callUrl,
    headers: { accept: 'application/json', 'accept-language': language },
    remoteAddress: visitor,
  });
  return {
    status: answer.statusCode,
    body: answer.body,
    contentType: String(answer.headers['content-type'] ?? 'application/json'),
  };
}
