import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import type { PetDetails } from '#shared/contract/pets';
import { petProfilePath } from '#shared/pet-profile-path';
import { absoluteMediaUrl, mediaBase } from '#server/config';
import { loadPetDetails } from '#server/public-pets/pet-details';
import { petPageKey } from '#server/pages/pet-page-limit';
import { escapeHtml } from '#server/pages/index-html';
import { ensureShareImage } from '#server/pages/share-image';
import { imageUrl } from '#server/media/media-url';
import { requestLanguage } from '#server/http/request-language';
import { pageUrlIn } from '#server/pages/language-alternates';
import { dataTitlesIn, pageTranslator } from '#server/mail/mail-text';
import { intlLocale, type LanguageCode } from '#shared/languages';

/**
 * Title and Open Graph / Twitter meta of /Pets/Details, written into the HTML because share
 * scrapers do not run JavaScript. Every value is HTML-escaped. Unknown pet: null (default title).
 */
async function renderPetShareHead(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const key = petPageKey(request.url);
  if (!key) return null;
  // The same rule as the API (docs/decisions/0050): an id alone opens only a listed pet.
  const pet = await loadPetDetails(app, key);
  if (!pet) return null;
  // in the page's language (the page cache keeps a page per language too)
  const language = requestLanguage(request);
  // A page asked for in a language (?lang=) names that address as canonical, as its hreflang alternates do.
  const explicit = new URL(request.url, 'http://localhost').searchParams.has('lang');
  const variant = `${language}${explicit ? ':lang' : ''}`;
  const heads = shareHeads.get(pet);
  const kept = heads?.get(variant);
  if (kept?.config === app.config) return kept.head;
  const { head, complete } = await writePetShareHead(app, request, pet, language, explicit);
  if (complete) shareHeads.set(pet, (heads ?? new Map()).set(variant, { config: app.config, head }));
  return head;
}

/** Open Graph's locale ("es_ES", "zh_CN") of a language. */
function ogLocale(language: LanguageCode): string {
  const locale = new Intl.Locale(intlLocale(language)).maximize();
  return `${locale.language}_${locale.region ?? ''}`;
}

/**
 * Heads by the public read they were made from (the same object while its cache entry lives, so
 * a changed pet makes a new head); one whose share image failed is made again next time.
 */
const shareHeads = new WeakMap<PetDetails, Map<string, { config: FastifyInstance['config']; head: string }>>();

async function writePetShareHead(app: FastifyInstance, request: FastifyRequest, pet: PetDetails, language: LanguageCode, explicit: boolean): Promise<{ head: string; complete: boolean }> {
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

  // No age without a birth date (unknown, or not public: docs/decisions/0050).
  const t = pageTranslator(language);
  const breed = pet.petBreed ? dataTitlesIn(language).breed(pet.petBreedId, pet.petBreed) : '';
  const title = `${t('pageTitle', { name: pet.petName })} – ${appName}`;
  const summary = [breed, pet.dob ? t('share.age', { count: pet.age }) : null].filter(Boolean).join(t('share.separator'));
  const vars = { name: pet.petName, summary, appName };
  const description = pet.isLost ? t('share.lostDescription', vars) : t('share.description', vars);
  const pageUrl = pageUrlIn(publicUrl, petProfilePath({ publicId: pet.publicId }), explicit ? language : null);

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
    `<meta property="og:image:alt" content="${e(t('photoAlt', { name: pet.petName }))}" />`,
    `<meta property="og:locale" content="${e(ogLocale(language))}" />`,
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
