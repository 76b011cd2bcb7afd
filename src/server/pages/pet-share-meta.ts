import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import type { PetDetails } from '#shared/contract/pets';
import { petProfilePath } from '#shared/pet-profile-path';
import { absoluteMediaUrl, mediaBase } from '#server/config';
import { loadPetDetails, petKeyOf } from '#server/public-pets/pet-details';
import { escapeHtml } from '#server/pages/index-html';
import { ensureShareImage } from '#server/pages/share-image';
import { imageUrl } from '#server/media/media-url';

const PET_PAGE = '/pets/details';

function ageText(years: number): string {
  if (years < 1) return 'under a year old';
  return `${years} ${years === 1 ? 'year' : 'years'} old`;
}

/**
 * Title and Open Graph / Twitter meta of /Pets/Details, written into the HTML because share
 * scrapers do not run JavaScript. Every value is HTML-escaped. Unknown pet: null (default title).
 */
async function renderPetShareHead(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname.replace(/\/+$/, '').toLowerCase() !== PET_PAGE) return null;
  const key = petKeyOf({ petProfileId: url.searchParams.get('petProfileId'), publicId: url.searchParams.get('publicId') });
  if (key.petProfileId === null && key.publicId === null) return null;
  // The same rule as the API (docs/decisions/0050): an id alone opens only a listed pet.
  const pet = await loadPetDetails(app, key);
  if (!pet) return null;
  const kept = shareHeads.get(pet);
  if (kept?.config === app.config) return kept.head;
  const { head, complete } = await writePetShareHead(app, request, pet);
  if (complete) shareHeads.set(pet, { config: app.config, head });
  return head;
}

/**
 * Heads by the public read they were made from (the same object while its cache entry lives, so
 * a changed pet makes a new head); one whose share image failed is made again next time.
 */
const shareHeads = new WeakMap<PetDetails, { config: FastifyInstance['config']; head: string }>();

async function writePetShareHead(app: FastifyInstance, request: FastifyRequest, pet: PetDetails): Promise<{ head: string; complete: boolean }> {
  const { appName, publicUrl } = app.config;
  const base = mediaBase(app.config);
  const imagePath = pet.petImage.startsWith(base) && pet.petImage.length > base.length ? pet.petImage.slice(base.length) : null;
  let image: { url: string; sized: boolean };
  try {
    image = { url: absoluteMediaUrl(app.config, imageUrl(base, await ensureShareImage(app.config, app.mediaStorage, { petId: pet.petId, petName: pet.petName, imagePath }))), sized: true };
  } catch (err) {
    request.log.warn({ err }, 'share image failed');
    image = { url: absoluteMediaUrl(app.config, pet.petImage), sized: false };
  }

  const title = `${pet.petName}'s Profile – ${appName}`;
  // No age without a birth date (unknown, or not public: docs/decisions/0050).
  const summary = [pet.petBreed, pet.dob ? ageText(pet.age) : null].filter(Boolean).join(', ');
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
  return { head: tags.join('\n    '), complete: image.sized };
}

/** Adds the /Pets/Details head (renderPetShareHead) to the app's page heads. */
export const petShareHeadPlugin = fp(
  async (app) => {
    app.pageHeads.add(renderPetShareHead);
  },
  { name: 'pet-share-head', dependencies: ['page-heads', 'caches', 'media-storage'], fastify: '5.x' },
);
