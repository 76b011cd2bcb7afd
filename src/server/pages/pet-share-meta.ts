import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import { parseWholeNumber, textProblem } from '#shared/contract/input-rules';
import { petProfilePath } from '#shared/pet-profile-path';
import { absoluteMediaUrl, mediaBase } from '#server/config';
import { loadPetDetails } from '#server/routes/pets';
import { addHeadRenderer, escapeHtml } from '#server/pages/index-html';
import { mediaStorage } from '#server/media/storage';
import { ensureShareImage } from '#server/pages/share-image';

const PET_PAGE = '/pets/details';

/** The same reading of the two ids as GetPetDetailsByPublicId. */
function parseIds(search: URLSearchParams): { petProfileId: number | null; publicId: string | null } {
  const rawId = search.get('petProfileId')?.trim() ?? '';
  const rawPublic = search.get('publicId')?.trim() ?? '';
  return {
    petProfileId: /^\d{1,9}$/.test(rawId) ? parseWholeNumber(rawId, 0) : null,
    publicId: rawPublic === '' || rawPublic === 'null' || rawPublic === 'undefined' || rawPublic.length > 64 || textProblem(rawPublic) ? null : rawPublic,
  };
}

function ageText(years: number): string {
  if (years < 1) return 'under a year old';
  return `${years} ${years === 1 ? 'year' : 'years'} old`;
}

/**
 * Title and Open Graph / Twitter meta of /Pets/Details, written into the HTML because share
 * scrapers do not run JavaScript. Every value is HTML-escaped. Unknown pet: null (default title).
 */
export async function renderPetShareHead(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname.replace(/\/+$/, '').toLowerCase() !== PET_PAGE) return null;
  const { petProfileId, publicId } = parseIds(url.searchParams);
  if (petProfileId === null && publicId === null) return null;
  // The same rule as the API (docs/decisions/0050): an id alone opens only a listed pet.
  const pet = await loadPetDetails(app, { petProfileId, publicId });
  if (!pet) return null;

  const { appName, publicUrl } = app.config;
  const base = mediaBase(app.config);
  const imagePath = pet.petImage.startsWith(base) && pet.petImage.length > base.length ? pet.petImage.slice(base.length) : null;
  let image: { url: string; sized: boolean };
  try {
    image = { url: absoluteMediaUrl(app.config, base + (await ensureShareImage(app.config, mediaStorage(app.config), { petId: pet.petId, petName: pet.petName, imagePath }))), sized: true };
  } catch (err) {
    request.log.warn({ err }, 'share image failed');
    image = { url: absoluteMediaUrl(app.config, pet.petImage), sized: false };
  }

  const title = `${pet.petName}'s Profile – ${appName}`;
  const summary = [pet.petBreed, ageText(pet.age)].filter(Boolean).join(', ');
  const description = pet.isLost
    ? `${pet.petName} is lost: ${summary}. Help bring ${pet.petName} home.`
    : `${pet.petName}: ${summary}. See ${pet.petName}'s profile on ${appName}.`;
  const pageUrl = publicUrl + petProfilePath({ publicId: pet.publicId });

  const e = escapeHtml;
  const tags = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="${e(appName)}" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(pageUrl)}" />`,
    `<meta property="og:image" content="${e(image.url)}" />`,
    ...(image.sized
      ? [`<meta property="og:image:width" content="${SHARE_IMAGE_WIDTH}" />`, `<meta property="og:image:height" content="${SHARE_IMAGE_HEIGHT}" />`]
      : []),
    `<meta property="og:image:alt" content="${e(`Photo of ${pet.petName}`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
    `<meta name="twitter:image" content="${e(image.url)}" />`,
    `<link rel="canonical" href="${e(pageUrl)}" />`,
  ];
  return tags.join('\n    ');
}

addHeadRenderer(renderPetShareHead);
