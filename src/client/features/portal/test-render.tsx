import type { ReactElement } from 'react';
import { renderWithApp } from '../../components/render-with-app';
import { PortalDates } from './components/portal-dates';

export { jsonAnswer } from '../../components/render-with-app';

/** Renders portal UI with the app's providers, the portal's date pickers and English strings. */
export function renderPortal(ui: ReactElement, { route = '/Dashboard', language = 'en' }: { route?: string; language?: string } = {}) {
  return renderWithApp(ui, { route, language, namespaces: ['portal'], wrapper: PortalDates });
}
