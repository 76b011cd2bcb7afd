import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import type { RenderPage } from '#shared/contract/server-render-state';
import { expect, test } from '#tests/e2e/support/test';

/**
 * Every public page renders whole on the server: no call of the page fails there. A failed call is
 * left to the browser and the page is never kept in the page cache, so each visitor would pay for a
 * full render (a listing's country names once failed this way in the server's bundle, and /sitters,
 * /vets and the provider pages fell from hundreds of pages a second to tens). The built renderer
 * (dist/server, the one the server runs) renders each page with its calls answered by the running server.
 */
const PUBLIC_PAGES = [
  '/',
  '/adopt',
  '/lost',
  '/sitters',
  '/walkers',
  '/groomers',
  '/trainers',
  '/vets',
  '/AnimalHouse',
  '/Pets/Details?publicId=DEMO0001&isFrom=Home',
  '/Pets/Details?publicId=DEMO0002&isFrom=Lost',
  '/pet-sitter/1',
  '/support',
  '/PrivacyPolicy',
  '/TermsAndConditions',
];

const RUNTIME_CONFIG: RuntimeConfig = {
  appName: 'Pawtal',
  publicUrl: 'http://127.0.0.1',
  mapTileUrl: '',
  mapTileAttribution: '',
  supportPhone: '',
  supportEmail: '',
  shopUrl: '',
  appStoreUrl: '',
  playStoreUrl: '',
};

test('each public page renders on the server with every call answered', async ({ baseURL }) => {
  // 30 first renders (each 0.1-1 s alone) on a shared machine
  test.setTimeout(180_000);
  const { render } = (await import(pathToFileURL(path.resolve('dist/server/entry-server.js')).href)) as {
    render: RenderPage;
  };
  const failures: string[] = [];
  for (const language of ['en', 'ar'] as const) {
    for (const url of PUBLIC_PAGES) {
      const result = await render({
        url,
        language,
        config: RUNTIME_CONFIG,
        fetchApi: (callUrl: string, init: RequestInit) =>
          fetch(new URL(callUrl, baseURL), {
            ...init,
            headers: { accept: 'application/json', 'accept-language': language },
          }),
      });
      if (!result.rendered) failures.push(`${language} ${url}: not rendered`);
      else if (result.failedCalls.length > 0) failures.push(`${language} ${url}: ${result.failedCalls.join(', ')}`);
    }
  }
  expect(failures).toEqual([]);
});
