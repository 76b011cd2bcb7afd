import { test as base, type Page } from '@playwright/test';

export { expect, type Browser, type Locator, type Page, type Request } from '@playwright/test';

/** Set by the app (AppProviders) once React has taken over the page: hydrated, or rendered in the browser. */
const APP_READY_SELECTOR = 'html[data-app-ready]';

/** Waits until the app is live: public pages arrive server-rendered, and a click before hydration would miss React. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator(APP_READY_SELECTOR).waitFor({ state: 'attached' });
}

/** Playwright's test with `page.goto` and `page.reload` that return once the app is live. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForApp(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});

/**
 * Serves pages without their server rendering, so the browser makes the page's calls itself: for
 * tests that stub those calls (page.route) to see how the page handles a failure or an odd answer.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route(
    (url) => !/^\/(api|assets|media)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<script id="server-render-state"[^>]*>[\s\S]*?<\/script>/, '')
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
      await route.fulfill({ response, body });
    },
  );
}
