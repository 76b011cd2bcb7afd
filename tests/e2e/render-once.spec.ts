/**
 * Issue 24 item 1: a page's route prefetch loads everything its first render reads, so the server
 * renders it in one pass. A server of its own with no page cache (PAGE_CACHE_MB=0), so every
 * request renders: Server-Timing names a second pass, and the log names the call the prefetch missed.
 */
import { expect, test } from '#tests/e2e/support/test';
import { spawnServer, type ServerProcess } from '#tests/faults/server-process';
import { freePort } from '#tests/support/pg-cluster';

const ROUTES = [
  '/',
  '/adopt',
  '/lost',
  '/sitters',
  '/vets',
  '/walkers',
  '/groomers',
  '/trainers',
  '/AnimalHouse',
  '/pet-sitter/1',
  '/Pets/Details?publicId=DEMO0001&isFrom=Home',
  '/Pets/Details?publicId=DEMO0002&isFrom=Lost',
  '/Pets/Flyer?publicId=DEMO0002',
  '/support',
  '/PrivacyPolicy',
  '/TermsAndConditions',
  '/found',
];

let server: ServerProcess;
test.beforeAll(async () => {
  // the hook waits as long as the server may take to be ready (the hook's own limit is the test's 60 s)
  test.setTimeout(150_000);
  server = await spawnServer({
    port: await freePort(),
    env: { DATA_DIR: 'memory://', PAGE_CACHE_MB: '0' },
    readyTimeoutMs: 120_000,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('every public page renders in one pass, in English and Arabic', async () => {
  test.setTimeout(120_000);
  for (const route of ROUTES) {
    for (const lang of ['en', 'ar']) {
      const url = `${server.base}${route}${route.includes('?') ? '&' : '?'}lang=${lang}`;
      const res = await fetch(url);
      await res.text();
      const parts = (res.headers.get('server-timing') ?? '').split(',').map((p) => p.trim());
      expect(parts[0], url).toContain('desc="rendered"');
      expect(
        parts.find((p) => p.startsWith('render;')),
        url,
      ).toMatch(/^render;dur=[\d.]+$/);
    }
  }
  expect(server.output()).not.toMatch(/asked for .* while rendering/);
});
