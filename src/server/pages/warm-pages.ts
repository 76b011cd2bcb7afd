import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '#shared/languages';
import { paths } from '#shared/page-routes';

/**
 * The pages a new process renders before it listens (issue 35, item 7; docs/decisions/0178): the home page in every
 * language (each language's translations), and the listings in one (the listing, card and map code). A new
 * process's first tens of pages otherwise answered at p99 800-900 ms while the renderer module, the render threads,
 * the translations and the JIT warmed up on visitors' requests.
 */
export function warmUpAddresses(): { url: string; language: string }[] {
  const listings = [paths.adopt, paths.lost, paths.sitters, paths.vets, paths.found];
  return [
    ...LANGUAGES.map(({ code }) => ({ url: paths.home, language: code })),
    ...listings.map((url) => ({ url, language: 'en' })),
  ];
}

/**
 * Renders the warm-up pages through the app itself (the page route, its calls, the page cache: what a visitor's
 * request runs), as many at once as there are render threads, so each thread loads the renderer. Answers the time it
 * took; a page that fails is logged and does not stop the start.
 */
export async function warmUpPages(app: FastifyInstance): Promise<number> {
  if (!app.servesPages) return 0;
  const started = performance.now();
  const queue = warmUpAddresses();
  const workers = Math.max(1, app.config.renderThreads);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const answer = await app.inject({
          method: 'GET',
          url: next.url,
          headers: { 'accept-language': next.language, 'accept-encoding': 'gzip' },
        });
        if (answer.statusCode !== 200)
          app.log.warn({ path: next.url, status: answer.statusCode }, 'warm-up: a page did not render');
      }
    }),
  );
  return performance.now() - started;
}
