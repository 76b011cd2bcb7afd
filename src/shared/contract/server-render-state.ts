import type { DehydratedState } from '@tanstack/react-query';
import type { LanguageCode } from '#shared/languages';
import type { RuntimeConfig } from '#shared/contract/runtime-config';

/** The element the server writes the render state into (JSON, not executed: the CSP allows no inline script). */
export const SERVER_RENDER_STATE_ID = 'server-render-state';

/** What the browser needs to hydrate a server-rendered page with exactly what the server rendered. */
export interface ServerRenderState {
  language: LanguageCode;
  /** string namespaces the page used */
  namespaces: string[];
  /** react-query cache of the calls the server made for the page */
  queries: DehydratedState | null;
}

/**
 * What the server renderer (dist/server/entry-server.js, built from src/client/app/entry-server.tsx) is given for a
 * page.
 */
export interface RenderInput {
  /** path and the query parameters the page reads (pageAddress in #shared/page-address) */
  url: string;
  language: LanguageCode;
  config: RuntimeConfig;
  /** answers the page's API calls in-process */
  fetchApi: (url: string, init: RequestInit) => Promise<Response>;
}

export type RenderResult =
  | { rendered: false }
  | {
      rendered: true;
      /** the markup inside #root */
      html: string;
      /** the page's HTTP status: 404 for an unknown address or a pet or provider that does not exist */
      status: number;
      /** the style elements of the markup (emotion's critical CSS) */
      styles: string;
      /** preload links React wrote for the page's first images */
      preloads: string;
      /** the modules (Vite manifest keys) the browser needs to hydrate: the routes' and the strings' */
      modules: string[];
      title: string | null;
      state: ServerRenderState;
      /**
       * the calls (query keys) that failed and were left to the browser: such a page is served, never kept in the page
       * cache
       */
      failedCalls: string[];
      /** where the render's time went (the page's Server-Timing header) */
      timing?: RenderTiming;
    };

export interface RenderTiming {
  /** loading the page's data (its route's prefetch: the in-process API calls) */
  dataMs: number;
  /** everything else: route matching, the React render, styles, state */
  renderMs: number;
  /** render passes (1 when the prefetch loaded all the page reads) */
  passes: number;
}

/** The server renderer's one export. */
export type RenderPage = (input: RenderInput) => Promise<RenderResult>;

/**
 * Messages between the server and a render thread (dist/server/render-thread.js, built from
 * src/client/app/render-thread.ts): the server asks for a page, the thread asks the server for
 * each of the page's API calls (answered in the server's thread, which holds the database), then
 * gives the page back.
 */
export type ToRenderThread =
  | { kind: 'render'; job: number; input: Omit<RenderInput, 'fetchApi'> }
  | { kind: 'answer'; call: number; status: number; contentType: string; body: string };

export type FromRenderThread =
  | { kind: 'call'; job: number; call: number; url: string; method: string; body: string | null }
  | { kind: 'rendered'; job: number; result: RenderResult }
  | { kind: 'failed'; job: number; message: string };
