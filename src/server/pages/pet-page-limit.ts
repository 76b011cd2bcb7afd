import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PetKey } from '#server/public-pets/visibility';
import { lookUpPetDetails, petKeyOf } from '#server/public-pets/pet-details';
import { TooManyRequestsError } from '#server/http/errors';
import { withLookupsCounted } from '#server/http/failure-limit';
import { renderIndexHtml, renderShellHtml, type ServedPage } from '#server/pages/index-html';

const PET_PAGE = '/pets/details';

/** The pet a /Pets/Details address names (its petProfileId and publicId), or null for any other page. */
export function petPageKey(url: string): PetKey | null {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname.replace(/\/+$/, '').toLowerCase() !== PET_PAGE) return null;
  const key = petKeyOf({
    petProfileId: parsed.searchParams.get('petProfileId'),
    publicId: parsed.searchParams.get('publicId'),
  });
  return key.petProfileId === null && key.publicId === null ? null : key;
}

/**
 * A page, rendered (index-html.ts). A pet's page is a lookup of its id like
 * GetPetDetailsByPublicId, under the same failed-lookup limit (docs/decisions/0090): counted once,
 * before anything of the pet is read (its render's own calls are not counted again), given back
 * when the pet is found. An address over the limit gets the page left to the browser, with no
 * server render and no head (no title, no share meta or image), 429 and Retry-After, whether the
 * pet exists or not: the same bytes for a real public ID as for a guess.
 */
export async function renderPageWithinLimits(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
): Promise<ServedPage> {
  const key = petPageKey(request.url);
  if (!key) return renderIndexHtml(app, request, clientDir);
  try {
    await lookUpPetDetails(app, request, key);
  } catch (err) {
    if (!(err instanceof TooManyRequestsError)) throw err;
    reply.header('Retry-After', String(err.retryAfterSeconds));
    return {
      answer: await renderShellHtml(app, request, clientDir, 429),
      serverTiming: 'page;desc="over the limit"',
      complete: false,
    };
  }
  return withLookupsCounted(() => renderIndexHtml(app, request, clientDir));
}
