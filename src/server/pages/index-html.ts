import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import { directionOf, type LanguageCode } from '#shared/languages';
import { requestLanguage } from '#server/http/request-language';
import { languageAlternates } from '#server/pages/language-alternates';
import { pageTranslator } from '#server/mail/mail-text';
import { SERVER_RENDER_STATE_ID } from '#shared/contract/server-render-state';
import { moduleFiles } from '#server/pages/client-manifest';
import { serverRender } from '#server/pages/server-render';
import { keepAnswer, type KeptAnswer } from '#server/http/kept-answer';
import type { RenderResult } from '#shared/contract/server-render-state';

let template: { dir: string; html: string } | null = null;

async function loadTemplate(clientDir: string): Promise<string> {
  if (template?.dir !== clientDir) template = { dir: clientDir, html: await fs.readFile(path.join(clientDir, 'index.html'), 'utf8') };
  return template.html;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON that is safe inside a <script type="application/json"> element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function runtimeConfig(app: FastifyInstance): RuntimeConfig {
  const c = app.config;
  return {
    appName: c.appName,
    publicUrl: c.publicUrl,
    mapTileUrl: c.mapTileUrl,
    mapTileAttribution: c.mapTileAttribution,
    supportPhone: c.supportPhone,
    supportEmail: c.supportEmail,
    shopUrl: c.shopUrl,
    appStoreUrl: c.appStoreUrl,
    playStoreUrl: c.playStoreUrl,
  };
}

/**
 * A server-rendered page is readable, and its links work, without JavaScript: its scripts start
 * once the page has loaded (public/start-app.js), so they do not compete with its pictures and
 * fonts. The entry script and modulepreload links of index.html are replaced by that starter,
 * which is given the entry and every module the page needs to hydrate.
 */
function startAppAfterLoad(html: string, pageModules: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const modules = [...preloaded.map((m) => m[1]), ...pageModules].map(escapeHtml).join(' ');
  const starter = `<script src="/start-app.js" data-entry="${escapeHtml(entry[1])}" data-modules="${modules}" defer></script>\n    `;
  let result = html.replace(entry[0], () => starter);
  for (const m of preloaded) result = result.replace(m[0], '');
  return result;
}

/** What a finished page was made from besides its render: it is reused only while they are the same. */
interface FinishedPage {
  clientDir: string;
  template: string;
  config: FastifyInstance['config'];
  head: string | null;
  answer: KeptAnswer;
}

/**
 * Finished pages (HTML, ETag, compressed forms) by the page-cache entry they were made from: a hit
 * of the page cache returns the same render object, so a page is written out once per entry and
 * goes with it (docs/decisions/0083). The head is made per request (it reads through the public
 * cache) and compared, so a changed head makes a new page.
 */
const finishedPages = new WeakMap<RenderResult, FinishedPage>();

/**
 * index.html with the runtime configuration and page head written in, and, for the public pages,
 * the page itself rendered on the server (the browser hydrates it); other pages render in the browser.
 */
export async function renderIndexHtml(app: FastifyInstance, request: FastifyRequest, clientDir: string): Promise<KeptAnswer> {
  const template = await loadTemplate(clientDir);
  const config = runtimeConfig(app);
  const [rendered, head] = await Promise.all([serverRender(app, request, clientDir, config), app.pageHeads.render(app, request)]);
  const finished = rendered ? finishedPages.get(rendered) : undefined;
  if (finished && finished.clientDir === clientDir && finished.template === template && finished.config === app.config && finished.head === head) return finished.answer;
  // Every page carries its language, direction and its addresses in every language (the rendered page's language is the request's).
  const language = rendered?.rendered ? rendered.state.language : requestLanguage(request);
  const { html, status } = writePage(app, clientDir, template, config, rendered, head, { language, alternates: languageAlternates(app.config.publicUrl, request.url) });
  const answer = keepAnswer(html, 'text/html; charset=utf-8', status);
  if (rendered) finishedPages.set(rendered, { clientDir, template, config: app.config, head, answer });
  return answer;
}

/**
 * index.html left to the browser (no server render, the default title): the page for a visitor
 * whose address is over a limit (pages/pet-page-limit.ts), who must learn nothing from it.
 */
export async function renderShellHtml(app: FastifyInstance, request: FastifyRequest, clientDir: string, status: number): Promise<KeptAnswer> {
  const template = await loadTemplate(clientDir);
  // In the visitor's language, with no addresses in other languages: nothing of the address asked for is echoed.
  const page = { language: requestLanguage(request), alternates: '' };
  return keepAnswer(writePage(app, clientDir, template, runtimeConfig(app), null, null, page).html, 'text/html; charset=utf-8', status);
}

function writePage(
  app: FastifyInstance,
  clientDir: string,
  template: string,
  config: RuntimeConfig,
  rendered: RenderResult | null,
  head: string | null,
  page: { language: LanguageCode; alternates: string },
): { html: string; status: number } {
  // Replacer functions throughout: the markup may contain "$&" or "$'", which a replacement string would expand.
  let html = template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${page.language}" dir="${directionOf(page.language)}">`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(pageTranslator(page.language)('common:meta.description'))}" />`)
    .replace('</head>', () => `${page.alternates}\n</head>`);
  if (rendered?.rendered) {
    const { language, ...state } = rendered.state;
    html = startAppAfterLoad(html, moduleFiles(clientDir, rendered.modules))
      .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`)
      .replace(
        '</head>',
        () => `${rendered.preloads}${rendered.styles}\n<script id="${SERVER_RENDER_STATE_ID}" type="application/json">${jsonForScript({ language, ...state })}</script>\n</head>`,
      );
  }
  const title = `<title>${escapeHtml(rendered?.rendered && rendered.title ? rendered.title : app.config.appName)}</title>`;
  // A page head with its own description replaces the template's.
  if (head?.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  html = html.replace(/<title>[^<]*<\/title>/, () => head ?? title);
  const configTag = `<script id="app-config" type="application/json">${jsonForScript(config)}</script>`;
  // 404 for an unknown address or object (the page says so); pages left to the browser answer 200.
  const status = rendered?.rendered ? rendered.status : 200;
  return { html: html.replace('</head>', () => `${configTag}\n</head>`), status };
}
