import { use, useMemo, useEffect, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { directionOf } from './i18n';
import { buildTheme } from './theme';

const ltrCache = createCache({ key: 'mui' });

// The right-to-left stylis plugin is loaded only when Arabic is chosen (it stays out of the entry chunk).
let rtlCache: Promise<EmotionCache> | null = null;
function loadRtlCache(): Promise<EmotionCache> {
  // No stylis `prefixer` here: the stylis package (4.4) differs from the one emotion bundles (4.2) and
  // its prefixer breaks on emotion's elements (e.g. ::placeholder rules); the browsers we support need no prefixes.
  rtlCache ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] }));
  return rtlCache;
}
i18next.on('languageChanged', (language) => {
  if (directionOf(language) === 'rtl') void loadRtlCache();
});

/**
 * Theme (with right-to-left for Arabic) and i18n around the whole app. Server state (react-query)
 * is provided by the lazy QueryLayout route (app/query-layout.tsx); tests may pass a `queryClient`.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const cache = direction === 'rtl' ? use(loadRtlCache()) : ltrCache;
  const theme = useMemo(() => buildTheme(direction), [direction]);
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme} defaultMode="system">
        <CssBaseline enableColorScheme />
        {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
      </ThemeProvider>
    </CacheProvider>
  );
}
