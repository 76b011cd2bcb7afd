import { Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import i18n, { i18nReady } from '#client/app/i18n';
import type { Namespace } from '#shared/languages';
import { AppProviders } from '#client/app/providers';

// Two shared cores: give lazy strings and mocked calls time before a find* gives up.
configure({ asyncUtilTimeout: 5000 });

export interface RenderWithAppOptions {
  route?: string;
  language?: string;
  /** namespaces to load besides common */
  namespaces?: Namespace[];
  /** an extra provider inside the app's (e.g. the portal's date pickers) */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/** Renders UI with the app's real providers (theme, react-query, i18next strings) inside a memory router. */
export async function renderWithApp(
  ui: ReactElement,
  { route = '/', language = 'en', namespaces = [], wrapper: Extra }: RenderWithAppOptions = {},
) {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', ...namespaces]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routed = <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  const result = render(
    <Suspense fallback={null}>
      <AppProviders>
        <QueryClientProvider client={queryClient}>{Extra ? <Extra>{routed}</Extra> : routed}</QueryClientProvider>
      </AppProviders>
    </Suspense>,
  );
  return { ...result, queryClient };
}

/** A fetch answer with a JSON body, for mocked API calls. */
export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
