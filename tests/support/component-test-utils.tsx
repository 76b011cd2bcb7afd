import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

const english = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: Record<string, unknown> }>('/locales/en/*.json', { eager: true })).map(
    ([file, m]) => [file.replace(/^.*\/(\w[\w-]*)\.json$/, '$1'), m.default],
  ),
);

/** A synchronous English i18next instance with every English namespace (plus overrides), for component tests. */
function testI18n(resources: Record<string, Record<string, unknown>> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: Object.keys({ ...english, ...resources }),
    defaultNS: 'common',
    resources: { en: { ...english, ...resources } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/** Renders inside i18n (English) and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', resources }: { route?: string; resources?: Record<string, Record<string, unknown>> } = {},
) {
  const i18n = testI18n(resources);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper });
}
