import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import i18n, { i18nReady } from '#client/app/i18n';
import { AppProviders } from '../../app/providers';
import { PortalDates } from './components/portal-dates';

/** Renders portal UI with the app's providers, the portal's date pickers and English strings. */
export async function renderPortal(ui: ReactElement, { route = '/Dashboard', language = 'en' }: { route?: string; language?: string } = {}) {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'portal']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <Suspense fallback={null}>
      <AppProviders queryClient={queryClient}>
        <PortalDates>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </PortalDates>
      </AppProviders>
    </Suspense>,
  );
  return { ...result, queryClient };
}

export function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
