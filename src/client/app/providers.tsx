import { Suspense, use, useEffect, type ComponentProps, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { PageLoading } from '#client/components/states/page-loading';
import { directionOf, pickLanguage, type LanguageCode } from '#shared/languages';
import { themeFor } from '#client/app/theme';
import { loadLanguageFont } from '#client/app/fonts';

/** Emotion cache keys; the server renderer uses the same, so the browser adopts its style elements. */
export const EMOTION_KEYS = { ltr: 'mui', rtl: 'mui-rtl' } as const;

const ltrCache = createCache({ key: EMOTION_KEYS.ltr });

// The right-to-left stylis plugin is loaded only when Arabic is chosen (it stays out of the entry chunk).
let rtlCache: Promise<EmotionCache> | null = null;
let loadedRtlCache: EmotionCache | null = null;
export function loadRtlCache(): Promise<EmotionCache> {
  // No stylis `prefixer` here: the stylis package (4.4) differs from the one emotion bundles (4.2) and
  // its prefixer breaks on emotion's elements (e.g. ::placeholder rules); the browsers we support need no prefixes.
  rtlCache ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => {
    loadedRtlCache = createCache({ key: EMOTION_KEYS.rtl, stylisPlugins: [rtlPlugin] });
    return loadedRtlCache;
  });
  return rtlCache;
}
i18next.on('languageChanged', (language) => {
  if (directionOf(language) === 'rtl') void loadRtlCache();
  if (typeof document !== 'undefined') loadLanguageFont(pickLanguage([language]));
});

/**
 * The element of a server-rendered page that holds the theme's global styles (its CSS variables and
 * the baseline, in the language's font) for one language, written once per language by the server
 * renderer instead of on every page it renders.
 */
export const GLOBAL_STYLES_ID = 'global-styles';

/**
 * Whether the page already holds the global styles of this language (a server-rendered page, until the language
 * changes).
 */
function globalStylesInPage(language: LanguageCode): boolean {
  return typeof document !== 'undefined' && document.getElementById(GLOBAL_STYLES_ID)?.dataset.language === language;
}

/** The theme's global styles of a language: its CSS variables (light and dark) and the baseline. */
export function ThemeGlobalStyles({ language }: { language: LanguageCode }) {
  return (
    <ThemeProvider theme={themeFor(language)} defaultMode="system" noSsr>
      <CssBaseline enableColorScheme />
    </ThemeProvider>
  );
}

/** A theme as ThemeProvider takes it: the server renderer hands in its made theme as a function (entry-server.tsx). */
type ThemeInput = ComponentProps<typeof ThemeProvider>['theme'];

/**
 * Theme (with right-to-left for Arabic) and i18n around the whole app. Server state (react-query)
 * is provided by the lazy QueryLayout route (app/query-layout.tsx), so react-query stays out of the entry chunk.
 * `globalStylesWritten`: the server renderer writes the global styles itself (ThemeGlobalStyles).
 * `theme`: the server renderer's theme of the language, made once (entry-server.tsx); otherwise `themeFor`.
 */
export function AppProviders({
  children,
  emotionCache,
  globalStylesWritten,
  theme: madeTheme,
}: {
  children: ReactNode;
  emotionCache?: EmotionCache;
  globalStylesWritten?: boolean;
  theme?: ThemeInput;
}) {
  const { i18n } = useTranslation();
  const language = pickLanguage([i18n.resolvedLanguage, i18n.language]);
  const direction = directionOf(language);
  const cache = emotionCache ?? (direction === 'rtl' ? (loadedRtlCache ?? use(loadRtlCache())) : ltrCache);
  const theme = madeTheme ?? themeFor(language);
  // Neither renders anything into the markup, so hydration is the same with or without them.
  const makeGlobalStyles = !(globalStylesWritten ?? globalStylesInPage(language));
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  useEffect(() => {
    // The app is live (hydrated or rendered here): browser tests wait for this before they interact.
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <CacheProvider value={cache}>
      {/* noSsr: the mode is read at the first render, so hydration is not followed by a whole-tree re-render
          (colours are CSS variables, the same in both modes; public/color-scheme.js sets the class before paint). */}
      <ThemeProvider theme={theme} defaultMode="system" noSsr disableStyleSheetGeneration={!makeGlobalStyles}>
        {makeGlobalStyles && <CssBaseline enableColorScheme />}
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * The whole app's frame, the same in the browser and in the server renderer (hydration needs the
 * same tree): the Suspense fallback while a page's chunk or strings load, then the providers.
 */
export function AppShell({
  children,
  emotionCache,
  globalStylesWritten,
  theme,
}: {
  children: ReactNode;
  emotionCache?: EmotionCache;
  globalStylesWritten?: boolean;
  theme?: ThemeInput;
}) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AppProviders emotionCache={emotionCache} globalStylesWritten={globalStylesWritten} theme={theme}>
        {children}
      </AppProviders>
    </Suspense>
  );
}
