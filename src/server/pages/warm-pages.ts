import type { FastifyInstance } from 'fastify';
import { API } from '#shared/contract/paths';
import { LANGUAGES } from '#shared/languages';
import { paths } from '#shared/page-routes';
import { petProfilePath } from '#shared/pet-profile-path';

/**
 * The pages a new process renders before it listens (issue 35, item 7; docs/decisions/0178): the home page in every
 * language (each language's translations), the listings in one (the listing, card and map code), and a provider page
 * and a pet profile where there are some (their code and calls). A new
 * process's first tens of pages otherwise answered at p99 800-900 ms while the renderer module, the render threads,
 * the translations and the JIT warmed up on visitors' requests.
 */
async function warmUpAddresses(app: FastifyInstance): Promise<{ url: string; language: string }[]> {
  const listings = [paths.adopt, paths.lost, paths.sitters, paths.vets, paths.found];
  const first = async <T>(url: string, pick: (data: T) => string | undefined) => {
    const answer = await app.inject({ method: 'GET', url });
    const body = answer.json<{ result: number; data: T }>();
    return answer.statusCode === 200 && body.result === 1 ? pick(body.data) : undefined;
  };
  const details = [
    await first<{ items: { ID: number }[] }>(`${API.petSitters}?offset=1&limit=1`, (d) =>
      d.items[0] ? paths.sitter.replace(':id', String(d.items[0].ID)) : undefined,
    ),
    await first<{ pets: { petId: number }[] }[]>(`${API.petsForAdoption}?petTypeId=1&offset=1&limit=1`, (d) => {
      const pet = d.flatMap((group) => group.pets)[0];
      return pet ? petProfilePath({ petProfileId: pet.petId }, 'Adoption') : undefined;
    }),
  ].filter((url): url is string => url !== undefined);
  return [
    ...LANGUAGES.map(({ code }) => ({ url: paths.home, language: code })),
    ...listings.map((url) => ({ url, language: 'en' })),
    ...details.map((url) => ({ url, language: 'en' })),
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
  const queue = await warmUpAddresses(app);
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
