/**
 * The server renderer: the public pages' HTML, rendered from the same components the browser
 * hydrates (docs/decisions/0044-server-rendered-public-pages.md). Built by `vite build --ssr` into
 * dist/server and called by src/server/pages/server-render.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { isNotFoundAnswer, provideFetchApi } from '#client/api/client';
import { ServerHeadContext } from '#client/components/page/document-title';
import { ServerStatusContext } from '#client/components/page/server-status';
import { directionOf, formatNumbersInAppStyle, I18N_OPTIONS, NAMESPACES, type LanguageCode } from '#shared/languages';
import { AppShell, EMOTION_KEYS, GLOBAL_STYLES_ID, ThemeGlobalStyles } from '#client/app/providers';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { themeFor } from '#client/app/theme';
import { ServerQueryClientContext } from '#client/app/server-query-client';
import { AppRoutes, routes, type RouteHandle } from '#client/app/router';
import { provideRuntimeConfig } from '#client/api/runtime-config';
import { localeFilesModule } from '#client/app/locale-files/locale-files';
import { pageI18n } from '#client/app/server-translations';
import { routeMatcher } from '#client/app/server-route-match';
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
    await instance.init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [...NAMESPACES],
      resources: localeResources(),
      react: { useSuspense: false },
    });
    formatNumbersInAppStyle(instance);
    i18nByLanguage.set(language, instance);
  }
  return instance;
}

// One plugin list for every right-to-left render: emotion keeps the CSS it compiled per plugin list
// (its server stylis cache is keyed by the list's identity), so a new list per page compiled every
// style again.
const RTL_STYLIS_PLUGINS = [rtlPlugin];

/**
 * A fresh emotion cache per page (its styles are the page's), with the emotion server made before rendering (it
 * switches the cache to collecting styles).
 */
function pageEmotion(direction: 'ltr' | 'rtl') {
  const cache = createCache(
    direction === 'rtl' ? { key: EMOTION_KEYS.rtl, stylisPlugins: RTL_STYLIS_PLUGINS } : { key: EMOTION_KEYS.ltr },
  );
  return { cache, server: createEmotionServer(cache) };
}

/**
 * The theme's global styles of a language (CSS variables, baseline, the language's font), made once:
 * as a style element the browser recognises (GLOBAL_STYLES_ID), so it does not make them again either.
 */
const globalStyles = new Map<LanguageCode, string>();
function globalStyleElement(language: LanguageCode): string {
  let element = globalStyles.get(language);
  if (element === undefined) {
    const emotion = pageEmotion(directionOf(language));
    const markup = renderToString(
      <CacheProvider value={emotion.cache}>
        <ThemeGlobalStyles language={language} />
      </CacheProvider>,
    );
    const css = emotion.server
      .extractCriticalToChunks(markup)
      .styles.map((chunk) => chunk.css)
      .join('');
    element = `<style id="${GLOBAL_STYLES_ID}" data-language="${language}">${css}</style>`;
    globalStyles.set(language, element);
  }
  return element;
}

/**
 * The theme every component of a page sees, made once per language: ThemeProvider makes it anew on each render from
 * the language's theme (its CSS variables, spacing, the colour scheme merged in, typography), and MUI memoises the
 * style functions of its components per theme object (`memoTheme`), so a theme made per page missed every time. It is
 * taken from one render of ThemeProvider itself (not made here), and handed to the page's ThemeProvider as a function,
 * which ThemeProvider passes through as it is. The page's markup and styles are the same; the colour scheme's context
 * (useColorScheme) is then its default, which the server's render does not read (ThemeToggle shows light until
 * hydrated).
 */
const madeThemes = new Map<LanguageCode, () => Theme>();
/**
 * A theme around the page's, which a theme given as a function expects (MUI warns of a function theme with none
 * outside it, in development builds): it renders nothing and no component reads it.
 */
const OUTER_THEME = {};
function madeTheme(language: LanguageCode): () => Theme {
  let made = madeThemes.get(language);
  if (!made) {
    let theme: Theme | null = null;
    const Take = () => {
      theme = useTheme();
      return null;
    };
    renderToString(
      <ThemeProvider theme={themeFor(language)} defaultMode="system" noSsr disableStyleSheetGeneration>
        <Take />
      </ThemeProvider>,
    );
    if (!theme) throw new Error(`server renderer: no theme made for ${language}`);
    const taken: Theme = theme;
    made = () => taken;
    madeThemes.set(language, made);
  }
  return made;
}

/**
 * Render passes allowed: one, when the route's prefetch loaded everything the page reads. A page
 * whose render still asks for a call gets it and a second pass (logged: its prefetch misses it).
 */
const MAX_RENDER_PASSES = 3;

function waitingQueries(client: QueryClient, asked: Set<string>): Query[] {
  return client
    .getQueryCache()
    .findAll()
    .filter(
      (q) =>
        q.state.status === 'pending' &&
        q.state.fetchStatus === 'idle' &&
        !asked.has(q.queryHash) &&
        (q.options as { enabled?: unknown }).enabled !== false,
    );
}

/**
 * The state's errors as plain objects (name, message and their own fields, such as ApiError's status
 * and fromServer): the state crosses from a render thread (structured clone keeps only an Error's
 * name and message) and becomes JSON in the page, and the browser reads "not found" from those fields.
 */
function withPlainErrors(state: DehydratedState): DehydratedState {
  // typed as the Error it stands for (the browser's query reads it as the error)
  const plain = (error: Error | null) =>
    error instanceof Error ? ({ ...error, name: error.name, message: error.message } as Error) : error;
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      state: { ...q.state, error: plain(q.state.error), fetchFailureReason: plain(q.state.fetchFailureReason) },
    })),
  };
}

/**
 * A failed call is left to the browser, which shows its error (or retries); the server's "not found" is an answer, not
 * a failure.
 */
const failedCall = (q: Query) => q.state.status === 'error' && !isNotFoundAnswer(q.state.error);

/**
 * The page being rendered. Renders overlap (each waits for its data), and the API client and the
 * configuration are module-wide: both look up the page whose work is running, so a page's calls
 * go through its own fetchApi (its language, its visitor's address) and it shows its own configuration.
 */
const currentPage = new AsyncLocalStorage<RenderInput>();
function pageInput(): RenderInput {
  const input = currentPage.getStore();
  if (!input) throw new Error('server renderer: a call outside a page render');
  return input;
}
provideFetchApi((url, init) => pageInput().fetchApi(url, init));
provideRuntimeConfig(() => pageInput().config);

/** The routes an address matches, by the route tree cut once per first segment. */
const matchPage = routeMatcher(routes);

export function render(input: RenderInput): Promise<RenderResult> {
  return currentPage.run(input, () => renderPage(input));
}

async function renderPage(input: RenderInput): Promise<RenderResult> {
  const startedAt = performance.now();

  const url = new URL(input.url, 'http://pawtal.invalid');
  const matches = matchPage(url.pathname);
  // Pages that depend on a session or a token are left to the browser.
  if (!matches || matches.some((m) => (m.route.handle as RouteHandle | undefined)?.clientOnly))
    return { rendered: false };

  const language = input.language;
  const i18n = pageI18n(await i18nFor(language));
  const direction = directionOf(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let title: string | null = null;
  const head = { setTitle: (pageTitle: string) => (title = pageTitle) };
  let status = 200;
  const statusSink = { setStatus: (pageStatus: number) => (status = pageStatus) };

  // The page's data, from its route before rendering (each page module's prefetch).
  const dataStartedAt = performance.now();
  await Promise.all(
    matches.map(async (match) => {
      const load = (match.route.handle as RouteHandle | undefined)?.load;
      const prefetch = load ? (await load()).prefetch : undefined;
      await prefetch?.({ client: queryClient, params: match.params, search: url.searchParams, language });
    }),
  );
  const asked = new Set(
    queryClient
      .getQueryCache()
      .findAll()
      .map((q) => q.queryHash),
  );
  const failedCalls: string[] = [];
  const leaveFailedToBrowser = () => {
    for (const query of queryClient.getQueryCache().findAll({ predicate: failedCall }))
      failedCalls.push(query.queryHash);
    queryClient.removeQueries({ predicate: failedCall });
  };
  leaveFailedToBrowser();
  let dataMs = performance.now() - dataStartedAt;

  const renderPass = (cache: EmotionCache) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <ServerHeadContext.Provider value={head}>
          <ServerStatusContext.Provider value={statusSink}>
            <ServerQueryClientContext.Provider value={queryClient}>
              <ThemeProvider theme={OUTER_THEME}>
                <AppShell emotionCache={cache} globalStylesWritten theme={madeTheme(language)}>
                  <StaticRouter location={url.pathname + url.search}>
                    <AppRoutes matched={matches} />
                  </StaticRouter>
                </AppShell>
              </ThemeProvider>
            </ServerQueryClientContext.Provider>
          </ServerStatusContext.Provider>
        </ServerHeadContext.Provider>
      </I18nextProvider>,
    );

  let emotion = pageEmotion(direction);
  let html = renderPass(emotion.cache);
  let passes = 1;
  for (; passes < MAX_RENDER_PASSES; passes++) {
    const waiting = waitingQueries(queryClient, asked);
    if (waiting.length === 0) break;
    console.warn(
      `server render: ${input.url} asked for ${waiting.map((q) => q.queryHash).join(', ')} while rendering; its route's prefetch should load them`,
    );
    const fetchedAt = performance.now();
    await Promise.all(
      waiting.map((query) => {
        asked.add(query.queryHash);
        return query.fetch().catch(() => undefined);
      }),
    );
    leaveFailedToBrowser();
    dataMs += performance.now() - fetchedAt;
    emotion = pageEmotion(direction);
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
  const styles =
    globalStyleElement(language) +
    emotion.server.constructStyleTagsFromChunks(emotion.server.extractCriticalToChunks(html));
  // react-i18next records the namespaces each useTranslation asked for (for server renderers).
  const used =
    (i18n as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ??
    [];
  const namespaces = used.length > 0 ? used : ['common'];
  // i18next loads the fallback language's strings beside the page's.
  const pageLanguages = [...new Set<LanguageCode>([language, 'en'])];
  const stringModules = [
    ...pageLanguages.map(localeFilesModule),
    ...pageLanguages.flatMap((l) => namespaces.map((ns) => `locales/${l}/${ns}.json`)),
  ];
  const routeModules = matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module ?? []);
  const totalMs = performance.now() - startedAt;
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
      queries: withPlainErrors(
        dehydrate(queryClient, {
          shouldDehydrateQuery: (q) =>
            q.state.status === 'success' || (q.state.status === 'error' && isNotFoundAnswer(q.state.error)),
        }),
      ),
    },
    timing: { dataMs, renderMs: totalMs - dataMs, passes },
  };
}
