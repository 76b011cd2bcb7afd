import type { ReactElement } from 'react';
import { renderWithApp } from '#tests/support/render-with-app';
import { PortalDates } from '#client/components/portal-dates';

export { jsonAnswer } from '#tests/support/render-with-app';

/** Renders portal UI with the app's providers, the portal's date pickers and English strings. */
export function renderPortal(ui: ReactElement, { route = '/Dashboard', language = 'en' }: { route?: string; language?: string } = {}) {
  return renderWithApp(ui, { route, language, namespaces: ['portal'], wrapper: PortalDates });
}
