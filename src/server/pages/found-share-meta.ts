import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { intlLocale, type LanguageCode } from '#shared/languages';
import type { FoundPetDetails } from '#shared/contract/found-pets';
import { foundPetPath } from '#shared/page-routes';
import { absoluteMediaUrl } from '#server/config';
import { dataTitlesIn, translate } from '#server/i18n';
import { requestLanguage } from '#server/http/request-language';
import { escapeHtml } from '#server/pages/index-html';
import { pageUrlIn } from '#server/pages/language-alternates';
import { loadFoundPet } from '#server/found-pets/public-reports';

/** /found/{id} (any case, a trailing slash allowed): the report's id, else null. */
const FOUND_PAGE = /^\/found\/([1-9]\d{0,9})\/?$/i;

function foundPetIdOf(requestUrl: string): number | null {
  const id = Number(FOUND_PAGE.exec(requestUrl.split('?', 1)[0])?.[1]);
  return Number.isInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * Title and Open Graph / Twitter meta of a found report's page, read through the one public rule (loadFoundPet): what
 * the finder saw and the day, the first photo (re-encoded without its metadata when it was uploaded). No place is
 * named, not even the rounded one, and the finder's note (the one text that could carry an address) is left out.
 */
async function renderFoundShareHead(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const foundPetId = foundPetIdOf(request.url);
  if (foundPetId === null) return null;
  const report = await loadFoundPet(app, foundPetId);
  if (!report) return null;
  const language = requestLanguage(request);
  const explicit = new URL(request.url, 'http://localhost').searchParams.has('lang');
  return writeFoundShareHead(app, report, language, explicit);
}

function writeFoundShareHead(
  app: FastifyInstance,
  report: FoundPetDetails,
  language: LanguageCode,
  explicit: boolean,
): string {
  const { appName, publicUrl } = app.config;
  const t = (key: string, vars: Record<string, string> = {}) => translate(language, `found:${key}`, vars);
  const type = dataTitlesIn(language).petType(report.petTypeId, '');
  const date = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${report.foundDate}T00:00:00Z`),
  );
  const summary = t('page.card', {
    type,
    colors: report.colors.map((c) => t(`color.${c}`)).join(', '),
    size: t(`size.${report.size}`),
  });
  const title = `${t('detail.title', { type, date })} – ${appName}`;
  const description = t(report.status === 'reunited' ? 'share.reunited' : 'share.description', {
    summary,
    date,
    appName,
  });
  const pageUrl = pageUrlIn(publicUrl, foundPetPath(report.foundPetId), explicit ? language : null);
  const image = report.photos[0] ? absoluteMediaUrl(app.config, report.photos[0]) : null;

  const e = escapeHtml;
  const tags = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${e(appName)}" />`,
    `<meta property="og:title" content="${e(title)}" />`,
    `<meta property="og:description" content="${e(description)}" />`,
    `<meta property="og:url" content="${e(pageUrl)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${e(image)}" />`,
          `<meta property="og:image:alt" content="${e(t('detail.photoAlt', { n: '1', what: summary }))}" />`,
          `<meta name="twitter:image" content="${e(image)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(title)}" />`,
    `<meta name="twitter:description" content="${e(description)}" />`,
    `<link rel="canonical" href="${e(pageUrl)}" />`,
  ];
  return tags.join('\n    ');
}

/** Adds the /found/{id} head (renderFoundShareHead) to the app's page heads. */
export const foundShareHeadPlugin = fp(
  async (app) => {
    app.pageHeads.add(renderFoundShareHead);
  },
  { name: 'found-share-head', dependencies: ['page-heads', 'caches'], fastify: '5.x' },
);
