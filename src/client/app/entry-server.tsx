/**
 * The server renderer: the public pages' HTML, rendered from the same components the browser
 * hydrates (docs/decisions/0044-server-rendered-public-pages.md). Built by `vite build --ssr` into
 * dist/server and called by src/server/pages/server-render.ts.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { isNotFoundAnswer, provideFetchApi } from '#client/api/client';
import { ServerHeadContext } from '#client/components/document-title';
import { ServerStatusContext } from '#client/components/server-status';
import { directionOf, formatNumbersInAppStyle, I18N_OPTIONS, NAMESPACES, type LanguageCode } from '#shared/languages';
import { AppShell, EMOTION_KEYS } from '#client/app/providers';
import { ServerQueryClientContext } from '#client/app/server-query-client';
import { routes, type RouteHandle } from '#client/app/router';
import { provideRuntimeConfig } from '#client/api/runtime-config';
import { localeFilesModule } from '#client/app/locale-files/locale-files';
import type { RenderInput, RenderResult } from '#shared/contract/server-render-state';

// Imported as the browser does (on demand there): one module, not a static and a dynamic import of it.
const { default: rtlPlugin } = await import('stylis-plugin-rtl');

const localeFiles = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });

function localeResources(): Resource {
  const resources: Resource = {};
  for (const [file, strings] of Object.entries(localeFiles)) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (language && namespace) (resources[language] ??= {})[namespace] = strings as Record<string, string>;
  }
  return resources;
}

/** One i18next instance per language with every string loaded, so rendering never waits. */
const i18nByLanguage = new Map<LanguageCode, I18n>();
async function i18nFor(language: LanguageCode): Promise<I18n> {
  let instance = i18nByLanguage.get(language);
  if (!instance) {
    instance = createInstance();
    await instance.init({ ...I18N_OPTIONS, lng: language, ns: [...NAMESPACES], resources: localeResources(), react: { useSuspense: false } });
    formatNumbersInAppStyle(instance);
    i18nByLanguage.set(language, instance);
  }
  return instance;
}

const staticHandler = createStaticHandler(routes);

/** Passes over the page: each one may reveal calls the next can answer (e.g. a page that waits for a list). */
const MAX_RENDER_PASSES = 3;

function waitingQueries(client: QueryClient, asked: Set<string>): Query[] {
  return client
    .getQueryCache()
    .findAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && !asked.has(q.queryHash) && (q.options as { enabled?: unknown }).enabled !== false);
}

export async function render(input: RenderInput): Promise<RenderResult> {
  provideRuntimeConfig(input.config);
  provideFetchApi(input.fetchApi);

  const context = await staticHandler.query(new Request(new URL(input.url, 'http://pawtal.invalid')));
  if (context instanceof Response) return { rendered: false };
  // Not-found and error pages, and pages that depend on a session or a token, are left to the browser.
  if (context.statusCode !== 200 || context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.clientOnly)) return { rendered: false };
  const router = createStaticRouter(staticHandler.dataRoutes, context);

  const language = input.language;
  const i18n = (await i18nFor(language)).cloneInstance({ initAsync: false });
  const direction = directionOf(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let title: string | null = null;
  const head = { setTitle: (pageTitle: string) => (title = pageTitle) };
  let status = 200;
  const statusSink = { setStatus: (pageStatus: number) => (status = pageStatus) };

  const renderPass = (cache: EmotionCache) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <ServerHeadContext.Provider value={head}>
          <ServerStatusContext.Provider value={statusSink}>
            <ServerQueryClientContext.Provider value={queryClient}>
              <AppShell emotionCache={cache}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppShell>
            </ServerQueryClientContext.Provider>
          </ServerStatusContext.Provider>
        </ServerHeadContext.Provider>
      </I18nextProvider>,
    );
  // A fresh cache per pass; the emotion server is made before rendering (it switches the cache to
  // collecting styles instead of writing <style> elements into the markup).
  const newCache = () => {
    const cache = createCache(direction === 'rtl' ? { key: EMOTION_KEYS.rtl, stylisPlugins: [rtlPlugin] } : { key: EMOTION_KEYS.ltr });
    return { cache, server: createEmotionServer(cache) };
  };

  const asked = new Set<string>();
  const failedCalls: string[] = [];
  let emotion = newCache();
  let html = renderPass(emotion.cache);
  for (let pass = 1; pass < MAX_RENDER_PASSES; pass++) {
    const waiting = waitingQueries(queryClient, asked);
    if (waiting.length === 0) break;
    await Promise.all(
      waiting.map((query) => {
        asked.add(query.queryHash);
        return query.fetch().catch(() => undefined);
      }),
    );
    // A failed call is left to the browser, which shows its error (or retries): render it as loading.
    // The server's "not found" is an answer, not a failure: the page renders it (HTTP 404).
    const failed = (q: Query) => q.state.status === 'error' && !isNotFoundAnswer(q.state.error);
    for (const query of queryClient.getQueryCache().findAll({ predicate: failed })) failedCalls.push(query.queryHash);
    queryClient.removeQueries({ predicate: failed });
    emotion = newCache();
    status = 200;
    html = renderPass(emotion.cache);
  }

  // A part that failed on the server is left for the browser to render (React marks it <!--$!-->).
  if (html.includes('<!--$!-->')) console.warn(`server render: part of ${input.url} failed and is left to the browser`);
  // React writes preload links for the page's images at the start of the markup; they belong in the head.
  const preloads: string[] = [];
  html = html.replace(/^(<link [^>]*\/>)+/, (links) => {
    preloads.push(links);
    return '';
  });
  const styles = emotion.server.constructStyleTagsFromChunks(emotion.server.extractCriticalToChunks(html));
  // react-i18next records the namespaces each useTranslation asked for (for server renderers).
  const used = (i18n as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  const namespaces = used.length > 0 ? used : ['common'];
  // i18next loads the fallback language's strings beside the page's.
  const pageLanguages = [...new Set<LanguageCode>([language, 'en'])];
  const stringModules = [...pageLanguages.map(localeFilesModule), ...pageLanguages.flatMap((l) => namespaces.map((ns) => `locales/${l}/${ns}.json`))];
  const routeModules = context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module ?? []);
  return {
    rendered: true,
    failedCalls,
    html,
    status,
    styles,
    preloads: preloads.join(''),
    modules: [...routeModules, ...stringModules],
    title,
    state: {
      language,
      namespaces,
      // with the "not found" answers, so that hydration renders the same page
      queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && isNotFoundAnswer(q.state.error)) }),
    },
  };
}

