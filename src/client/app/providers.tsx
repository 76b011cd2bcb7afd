import { useMemo, useState, useEffect, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { useTranslation } from 'react-i18next';
import { directionOf } from './i18n';
import { buildTheme } from './theme';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** Theme (with right-to-left for Arabic), server state and i18n around the whole app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const [client] = useState(() => queryClient ?? createQueryClient());
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const theme = useMemo(() => buildTheme(direction), [direction]);
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  return (
    <CacheProvider value={caches[direction]}>
      <ThemeProvider theme={theme} defaultMode="system">
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
