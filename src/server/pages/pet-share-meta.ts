import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#shared/constants';
import type { PetDetails } from '#shared/contract/pets';
import { petProfilePath } from '#shared/pet-profile-path';
import { absoluteMediaUrl, mediaBase } from '#server/config';
import { loadPetDetails, petKeyOf } from '#server/public-pets/pet-details';
import { petPageKey } from '#server/pages/pet-page-limit';
import { escapeHtml } from '#server/pages/index-html';
import { ensureShareImage, shareImagePath, type ShareImageInput } from '#server/pages/share-image';
import { contentTypeOf, isDerivedPath } from '#server/media/storage';
import { fail } from '#server/http/envelope';
import { imageUrl } from '#server/media/media-url';
import { requestLanguage } from '#server/http/request-language';
import { pageUrlIn } from '#server/pages/language-alternates';
import { dataTitlesIn, pageTranslator } from '#server/i18n';
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
  const head = writePetShareHead(app, pet, language, explicit);
  shareHeads.set(pet, (heads ?? new Map()).set(variant, { config: app.config, head }));
  return head;
}

/** Open Graph's locale ("es_ES", "zh_CN") of a language. */
function ogLocale(language: LanguageCode): string {
  const locale = new Intl.Locale(intlLocale(language)).maximize();
  return `${locale.language}_${locale.region ?? ''}`;
}

/**
 * Heads by the public read they were made from (the same object while its cache entry lives, so a changed pet makes a
 * new head), per language.
 */
const shareHeads = new WeakMap<PetDetails, Map<string, { config: FastifyInstance['config']; head: string }>>();

/** What the share picture of a pet draws: its name and its photo's path under the media base. */
function shareInput(app: FastifyInstance, pet: PetDetails): ShareImageInput {
  const base = mediaBase(app.config);
  const imagePath =
    pet.petImage.startsWith(base) && pet.petImage.length > base.length ? pet.petImage.slice(base.length) : null;
  return { petId: pet.petId, petName: pet.petName, imagePath };
}

/** The query parameter of a share picture's address that names its pet, as the page did (its public ID). */
const SHARE_PET_PARAM = 'pet';

/**
 * The share picture's address. It is drawn when first asked for (serveShareImage), usually by a
 * share scraper, not while the page is made: drawing costs about 100 ms of CPU, more than rendering
 * the page, and most pages are never shared.
 */
function shareImageUrl(app: FastifyInstance, pet: PetDetails): string {
  const address = imageUrl(mediaBase(app.config), shareImagePath(app.config, shareInput(app, pet)));
  return absoluteMediaUrl(
    app.config,
    `${address}?${new URLSearchParams({ [SHARE_PET_PARAM]: pet.publicId }).toString()}`,
  );
}

function writePetShareHead(app: FastifyInstance, pet: PetDetails, language: LanguageCode, explicit: boolean): string {
  const { appName, publicUrl } = app.config;
  const image = shareImageUrl(app, pet);

  // No age without a birth date (unknown, or not public: docs/decisions/0050).
  const t = pageTranslator(language);
  const breed = pet.petBreed ? dataTitlesIn(language).breed(pet.petBreedId, pet.petBreed) : '';
  const title = `${t('pageTitle', { name: pet.petName })} – ${appName}`;
  const summary = [breed, pet.dob ? t('share.age', { count: pet.age }) : null]
    .filter(Boolean)
    .join(t('share.separator'));
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
    `<meta property="og:image" content="${e(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_WIDTH}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_HEIGHT}" />`,
    `<meta property="og:image:alt" content="${e(t('photoAlt', { name: pet.petName }))}" />`,
    `<meta property="og:locale" content="${e(ogLocale(language))}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
    `<link rel="canonical" href="${e(pageUrl)}" />`,
  ];
  return tags.join('\n    ');
}

/**
 * GET /media/share/<pet id>/<name>.jpg?pet=<public ID>: the share picture, from the media store, or
 * drawn now when the pet (read through the one visibility rule, by both ids) still draws to that
 * name. Anything else is 404, so no picture is drawn for a pet nobody may see, or for an old name.
 */
async function serveShareImage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { petId: string; file: string }; Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const relative = `share/${request.params.petId}/${request.params.file}`;
  if (!isDerivedPath(relative)) return reply.code(404).send(fail('Not found'));
  let bytes = await app.mediaStorage.read(relative);
  if (!bytes) {
    const pet = await loadPetDetails(
      app,
      petKeyOf({ petProfileId: request.params.petId, publicId: request.query[SHARE_PET_PARAM] ?? null }),
    );
    const input = pet ? shareInput(app, pet) : null;
    if (!input || shareImagePath(app.config, input) !== relative) return reply.code(404).send(fail('Not found'));
    try {
      bytes = await app.mediaStorage.read(await ensureShareImage(app.config, app.mediaStorage, input));
    } catch (err) {
      request.log.warn({ err }, 'share image failed');
    }
    if (!bytes) return reply.code(503).send(fail('Not available'));
  }
  return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(contentTypeOf(relative)).send(bytes);
}

/** Adds the /Pets/Details head (renderPetShareHead) to the app's page heads, and serves its share pictures. */
export const petShareHeadPlugin = fp(
  async (app) => {
    app.pageHeads.add(renderPetShareHead);
    app.get<{ Params: { petId: string; file: string }; Querystring: Record<string, string | undefined> }>(
      '/media/share/:petId/:file',
      { schema: { hide: true } },
      (request, reply) => serveShareImage(app, request, reply),
    );
  },
  { name: 'pet-share-head', dependencies: ['page-heads', 'caches', 'media-storage'], fastify: '5.x' },
);
