import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@fontsource-variable/inter';
// Arabic letters only: its unicode-range keeps the file from loading on pages without them.
import '@fontsource-variable/noto-sans-arabic/wght.css';
import i18n, { i18nReady } from '#client/app/i18n';
import { directionOf } from '#shared/languages';
import { AppShell, loadRtlCache } from '#client/app/providers';
import { AppRoutes, loadMatchedRoutes } from '#client/app/router';
import { readServerRenderState } from '#client/app/server-render-state';

const rootElement = document.getElementById('root') as HTMLElement;

/**
 * A page the server rendered is hydrated once the route's modules and strings it used are here;
 * any other page is rendered in the browser. Both in a transition, so React works in slices and
 * the main thread stays free for input while the page comes alive.
 */
async function start(): Promise<void> {
  const rendered = readServerRenderState();
  // The matched routes' modules are loaded before the first render, on every page: hydration then
  // renders the page the server rendered at once, instead of waiting on its module.
  const routesReady = loadMatchedRoutes(window.location.pathname);
  if (rendered) {
    await Promise.all([
      i18nReady.then(() => i18n.loadNamespaces(rendered.namespaces)),
      directionOf(rendered.language) === 'rtl' ? loadRtlCache() : null,
      routesReady,
    ]);
  } else await routesReady;
  const app = (
    <StrictMode>
      <AppShell>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppShell>
    </StrictMode>
  );
  startTransition(() => {
    if (rendered) hydrateRoot(rootElement, app);
    else createRoot(rootElement).render(app);
  });
}

void start();
