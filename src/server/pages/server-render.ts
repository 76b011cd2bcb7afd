import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderPage, RenderResult } from '#shared/contract/server-render-state';
import type { LanguageCode } from '#shared/languages';
import { requestLanguage } from '#server/http/request-language';

;
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import { PublicCache } from '#server/cache/public-cache';

type RendererModule = { render: RenderPage };
const renderers = new Map<string, Promise<RendererModule | null>>();

/** dist/server/entry-server.js beside dist/client, built by `npm run build`; null when it was not built. */
function loadRenderer(clientDir: string): Promise<RendererModule | null> {
  let loaded = renderers.get(clientDir);
  if (!loaded) {
    const file = path.join(clientDir, '..', 'server', 'entry-server.js');
    loaded = fs.existsSync(file) ? (import(pathToFileURL(file).href) as Promise<RendererModule>) : Promise.resolve(null);
    renderers.set(clientDir, loaded);
  }
  return loaded;
}

/**
 * The page rendered on the server from the app's own components, with the data of its API calls
 * answered in-process (app.inject, through the same routes and checks as any call). Pages the
 * renderer leaves to the browser, and any failure, give null: the browser then renders the page.
 */
export async function serverRender(app: FastifyInstance, request: FastifyRequest, clientDir: string, config: RuntimeConfig): Promise<RenderResult | null> {
  const renderer = await loadRenderer(clientDir);
  if (!renderer) return null;
  const language = requestLanguage(request);
  const url = request.url;
  // The day is part of the key: pages show ages and dates relative to today.
  const key = `${new Date().toISOString().slice(0, 10)}:${language}:${url}`;
  try {
    // A page is kept until a write changes one of the reads it was made of (their tags), in any process.
    const page = await app.pageCache.get(
      key,
      async () => {
        const rendered = await PublicCache.collectingTags(() => renderWith(renderer, app, url, language, config, request.ip));
        // A call that failed (a visitor over a limit, the database away) left part of the page to the
        // browser: serve it, but never keep it for the next visitors.
        if (rendered.value.rendered && rendered.value.failedCalls.length > 0) throw new IncompleteRender(rendered.value);
        return rendered;
      },
      (rendered) => rendered.tags,
    );
    return page.value;
  } catch (error) {
    if (error instanceof IncompleteRender) {
      request.log.warn({ path: url.split('?')[0], failedCalls: error.page.failedCalls }, 'server render: calls failed and were left to the browser; the page is not cached');
      return error.page;
    }
    request.log.error({ err: error }, 'server render failed; the browser renders the page');
    return null;
  }
}

class IncompleteRender extends Error {
  constructor(readonly page: Extract<RenderResult, { rendered: true }>) {
    super('a call of the page failed');
  }
}

/** `visitor`: the address the page's calls count against (failed lookups are limited per address). */
function renderWith(renderer: RendererModule, app: FastifyInstance, url: string, language: LanguageCode, config: RuntimeConfig, visitor: string): Promise<RenderResult> {
  return renderer.render({
    url,
    language,
    config,
    fetchApi: async (callUrl, init) => {
      // in the page's language (messages the page shows come in it), counted against the visitor's address
      const answer = await app.inject({ method: init.method === 'POST' ? 'POST' : 'GET', url: callUrl, headers: { accept: 'application/json', 'accept-language': language }, remoteAddress: visitor });
      return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } });
    },
  });
}
