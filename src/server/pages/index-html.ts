import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '#shared/contract/runtime-config';

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

export function runtimeConfig(app: FastifyInstance): RuntimeConfig {
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

/** Head tags for a page: the default title; /Pets/Details gets its share meta from pet-share-meta. */
export type HeadRenderer = (app: FastifyInstance, request: FastifyRequest) => Promise<string | null>;
const headRenderers: HeadRenderer[] = [];
export function addHeadRenderer(renderer: HeadRenderer): void {
  headRenderers.push(renderer);
}

/** The SPA's index.html with the runtime configuration and page head written in. */
export async function renderIndexHtml(app: FastifyInstance, request: FastifyRequest, clientDir: string): Promise<string> {
  let html = await loadTemplate(clientDir);
  let head: string | null = null;
  for (const render of headRenderers) {
    head = await render(app, request);
    if (head) break;
  }
  const title = `<title>${escapeHtml(app.config.appName)}</title>`;
  // A page head with its own description replaces the template's.
  if (head?.includes('<meta name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  html = html.replace(/<title>[^<]*<\/title>/, head ?? title);
  const configTag = `<script id="app-config" type="application/json">${jsonForScript(runtimeConfig(app))}</script>`;
  return html.replace('</head>', `${configTag}\n</head>`);
}
