import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '#shared/contract/runtime-config';
import { directionOf, type LanguageCode } from '#shared/languages';
import { requestLanguage } from '#server/http/request-language';
import { languageAlternates } from '#server/pages/language-alternates';
import { pageTranslator } from '#server/i18n';
import { SERVER_RENDER_STATE_ID } from '#shared/contract/server-render-state';
import { moduleFiles } from '#server/pages/client-manifest';
import { serverRender } from '#server/pages/server-render';
import {
  keepAnswer,
  keepCompressedAnswer,
  keptEncoding,
  plainBytes,
  type Encoding,
  type KeptAnswer,
} from '#server/http/kept-answer';
import type { RenderResult } from '#shared/contract/server-render-state';

let templates: { dir: string; page: PageTemplates } | null = null;

async function loadTemplates(clientDir: string): Promise<PageTemplates> {
  if (templates?.dir !== clientDir)
    templates = { dir: clientDir, page: pageTemplates(await fs.readFile(path.join(clientDir, 'index.html'), 'utf8')) };
  return templates.page;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/** JSON that is safe inside a <script type="application/json"> element (one pass over the page's state). */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (c) => SCRIPT_ESCAPES[c] as string);
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
    idleLockMinutes: c.vetIdleLockMinutes,
  };
}

/** What a page fills into index.html (writePage): each slot's name. */
type Slot = 'lang' | 'dir' | 'head' | 'alternates' | 'modules' | 'root' | 'pageHead' | 'config';
const slot = (name: Slot) => `\u0000${name}\u0000`;

/** index.html cut once into its fixed text and the slots a page fills in: text at even places, slot names at odd. */
interface PageTemplate {
  parts: string[];
}
interface PageTemplates {
  /** a page the browser renders */
  shell: PageTemplate;
  /** a server-rendered page */
  rendered: PageTemplate;
  /** the modules index.html preloads (the starter is given them before the page's own) */
  preloaded: string[];
}

/**
 * index.html as every page writes it, made once: the page's language, head, addresses and configuration (and, for a
 * server-rendered page, its markup, styles, state and starter) go into slots, so a page is written by joining its
 * parts instead of searching and copying the whole page once for each of them.
 */
function pageTemplates(indexHtml: string): PageTemplates {
  // Replacer functions throughout: the markup may contain "$&" or "$'", which a replacement string would expand.
  // The head goes where the template's title is, with its description: one slot, so a kept page can take another head.
  const framed = indexHtml
    .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${slot('lang')}" dir="${slot('dir')}">`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => slot('head'))
    .replace('</head>', () => `${slot('alternates')}\n</head>`);
  const withConfig = (html: string) => html.replace('</head>', () => `${slot('config')}\n</head>`);
  const started = startAppAfterLoad(framed);
  const rendered = started.html
    .replace('<div id="root"></div>', () => `<div id="root">${slot('root')}</div>`)
    .replace('</head>', () => `${slot('pageHead')}\n</head>`);
  const cut = (html: string): PageTemplate => ({ parts: html.split('\u0000') });
  return { shell: cut(withConfig(framed)), rendered: cut(withConfig(rendered)), preloaded: started.preloaded };
}

/**
 * A server-rendered page is readable, and its links work, without JavaScript: its scripts start
 * once the page has loaded (public/start-app.js), so they do not compete with its pictures and
 * fonts. The entry script and modulepreload links of index.html are replaced by that starter,
 * which is given the entry and every module the page needs to hydrate (the slot `modules`).
 */
function startAppAfterLoad(html: string): { html: string; preloaded: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return { html, preloaded: [] };
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const starter =
    `<script src="/start-app.js" data-entry="${escapeHtml(entry[1])}" data-modules="${slot('modules')}" defer></script>` +
    '\n    ';
  let result = html.replace(entry[0], () => starter);
  for (const m of preloaded) result = result.replace(m[0], '');
  return { html: result, preloaded: preloaded.map((m) => m[1]) };
}

/** The template with the page's slots filled, and where its head stands. */
function fill(
  template: PageTemplate,
  values: Partial<Record<Slot, string>>,
): { html: string; headAt: [number, number] } {
  const { parts } = template;
  let html = parts[0];
  let headAt: [number, number] = [0, 0];
  for (let i = 1; i < parts.length; i += 2) {
    const value = values[parts[i] as Slot];
    if (value === undefined) throw new Error(`index.html: no value for the page's slot ${parts[i]}`);
    if (parts[i] === 'head') headAt = [html.length, html.length + value.length];
    html += value + parts[i + 1];
  }
  return { html, headAt };
}

/** A page as it is sent, and as the page cache keeps it (compressed only, about 30 KB). */
interface FinishedPage {
  answer: KeptAnswer;
  /** the head it was written with (page-heads.ts): another head is written into a copy */
  head: string | null;
  /** the page's own title (a head may replace it) */
  title: string;
  language: LanguageCode;
  /** false: the page is left to the browser (a token page, the portal, an error): only index.html is written */
  rendered: boolean;
  /** where the head stands in the page's text (string offsets) */
  headAt: [number, number];
  /** what it holds in memory */
  bytes: number;
}

/** A page to send: the answer, and its Server-Timing (how long it took, and for a render, its parts). */
export interface ServedPage {
  answer: KeptAnswer;
  serverTiming: string;
  /** false: a call of the page failed for this visitor and was left to the browser (never for a shared cache) */
  complete: boolean;
}

const ms = (n: number) => n.toFixed(1);

/**
 * index.html with the runtime configuration and page head written in, and, for the public pages,
 * the page itself rendered on the server (the browser hydrates it); other pages render in the
 * browser. The page head is made for each request (it may depend on the visitor); a page kept with
 * another head gets this one written into a copy.
 */
export async function renderIndexHtml(
  app: FastifyInstance,
  request: FastifyRequest,
  clientDir: string,
): Promise<ServedPage> {
  const startedAt = performance.now();
  const template = await loadTemplates(clientDir);
  const config = runtimeConfig(app);
  const head = app.pageHeads.render(app, request);
  // a new page is compressed at once in the form this request takes, the other form when asked for
  const encoding = keptEncoding(request.headers['accept-encoding']) ?? 'gzip';
  const served = await serverRender(app, request, clientDir, config, async (rendered, pageUrl) =>
    finishPage(
      app,
      clientDir,
      template,
      config,
      rendered,
      await head,
      {
        language: rendered.rendered ? rendered.state.language : requestLanguage(request),
        alternates: languageAlternates(app.config.publicUrl, pageUrl),
      },
      encoding,
    ),
  );
  const requestHead = await head;
  let answer: KeptAnswer;
  if (!served) {
    // Every page carries its language, direction and its addresses in every language.
    const page = {
      language: requestLanguage(request),
      alternates: languageAlternates(app.config.publicUrl, request.url),
    };
    answer = keepAnswer(writePage(app, clientDir, template, config, null, requestHead, page).html, HTML);
  } else if (served.page.head === requestHead) answer = served.page.answer;
  else answer = await withHead(served.page, requestHead);
  // Server-Timing: "page" is this answer's time; a render adds its data (the page's calls) and render parts.
  const timing = served?.timing;
  const how = !served?.page.rendered ? 'browser renders' : timing ? 'rendered' : 'page cache';
  const page = `page;desc="${how}";dur=${ms(performance.now() - startedAt)}`;
  const serverTiming = timing
    ? `${page}, data;dur=${ms(timing.dataMs)}, render;dur=${ms(timing.renderMs)}` +
      (timing.passes > 1 ? `;desc="${timing.passes} passes"` : '')
    : page;
  return { answer, serverTiming, complete: served?.complete ?? true };
}

const HTML = 'text/html; charset=utf-8';

/**
 * What a page says of itself whatever its route: its language (with its direction) and its addresses in every language
 * (hreflang alternates).
 */
interface PageFrame {
  language: LanguageCode;
  alternates: string;
}

async function finishPage(
  app: FastifyInstance,
  clientDir: string,
  template: PageTemplates,
  config: RuntimeConfig,
  rendered: RenderResult,
  head: string | null,
  frame: PageFrame,
  encoding: Encoding,
): Promise<FinishedPage> {
  const { html, status, title, headAt } = writePage(app, clientDir, template, config, rendered, head, frame);
  const answer = await keepCompressedAnswer(html, HTML, status, encoding);
  return {
    answer,
    head,
    title,
    language: frame.language,
    rendered: rendered.rendered,
    headAt,
    bytes: answer.bytes + (head?.length ?? 0) * 2 + 200,
  };
}

/** A kept page with another head written in (a copy, not kept). */
async function withHead(page: FinishedPage, head: string | null): Promise<KeptAnswer> {
  const html = (await plainBytes(page.answer)).toString();
  return keepAnswer(
    html.slice(0, page.headAt[0]) + headSlot(head, page.title, page.language) + html.slice(page.headAt[1]),
    HTML,
    page.answer.status,
  );
}

/**
 * The head of a page: its page head (title and share meta), or its title with the site's description in the page's
 * language.
 */
function headSlot(head: string | null, title: string, language: LanguageCode): string {
  const slot = head ?? `<title>${escapeHtml(title)}</title>`;
  if (slot.includes('<meta name="description"')) return slot;
  const description = escapeHtml(pageTranslator(language)('common:meta.description'));
  return `<meta name="description" content="${description}" />\n    ${slot}`;
}

/**
 * index.html left to the browser (no server render, the default title): the page for a visitor
 * whose address is over a limit (pages/pet-page-limit.ts), who must learn nothing from it.
 */
export async function renderShellHtml(
  app: FastifyInstance,
  request: FastifyRequest,
  clientDir: string,
  status: number,
): Promise<KeptAnswer> {
  const template = await loadTemplates(clientDir);
  // In the visitor's language, with no addresses in other languages: nothing of the address asked for is echoed.
  const page = { language: requestLanguage(request), alternates: '' };
  return keepAnswer(
    writePage(app, clientDir, template, runtimeConfig(app), null, null, page).html,
    'text/html; charset=utf-8',
    status,
  );
}

function writePage(
  app: FastifyInstance,
  clientDir: string,
  templates: PageTemplates,
  config: RuntimeConfig,
  rendered: RenderResult | null,
  head: string | null,
  frame: PageFrame,
): { html: string; status: number; title: string; headAt: [number, number] } {
  const title = rendered?.rendered && rendered.title ? rendered.title : app.config.appName;
  const values: Partial<Record<Slot, string>> = {
    lang: frame.language,
    dir: directionOf(frame.language),
    head: headSlot(head, title, frame.language),
    alternates: frame.alternates,
    config: `<script id="app-config" type="application/json">${jsonForScript(config)}</script>`,
  };
  if (rendered?.rendered) {
    const { language, ...state } = rendered.state;
    values.modules = [...templates.preloaded, ...moduleFiles(clientDir, rendered.modules)].map(escapeHtml).join(' ');
    values.root = rendered.html;
    values.pageHead =
      `${rendered.preloads}${rendered.styles}\n` +
      `<script id="${SERVER_RENDER_STATE_ID}" type="application/json">` +
      `${jsonForScript({ language, ...state })}</script>`;
  }
  const { html, headAt } = fill(rendered?.rendered ? templates.rendered : templates.shell, values);
  // 404 for an unknown address or object (the page says so); pages left to the browser answer 200.
  return { html, status: rendered?.rendered ? rendered.status : 200, title, headAt };
}
