import type { ReactElement } from 'react';
import { renderWithApp } from '#tests/support/render-with-app';
import { loadPack, PortalLocale } from '#client/components/i18n/portal-locale';
import { pickLanguage } from '#shared/languages';

export { jsonAnswer } from '#tests/support/render-with-app';

/** Renders portal UI with the app's providers, the portal's date pickers and English strings. */
export async function renderPortal(
  ui: ReactElement,
  { route = '/Dashboard', language = 'en' }: { route?: string; language?: string } = {},
) {
  // the language's MUI packs are here before the first render (the app suspends on them instead)
  await loadPack(pickLanguage([language]));
  return renderWithApp(ui, { route, language, namespaces: ['portal', 'data'], wrapper: PortalLocale });
}
