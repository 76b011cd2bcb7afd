import { Suspense, type ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import i18n, { i18nReady } from '#client/app/i18n';
import { AppProviders } from '../../app/providers';

// Two shared cores: give lazy strings and mocked calls time before a find* gives up.
configure({ asyncUtilTimeout: 5000 });

/** Renders UI with the app's providers (theme, react-query, English strings) inside a router. */
export async function renderWithApp(ui: ReactElement, { route = '/', language = 'en' }: { route?: string; language?: string } = {}) {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'pet']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <Suspense fallback={null}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>
    </Suspense>,
  );
  return { ...result, queryClient };
}
