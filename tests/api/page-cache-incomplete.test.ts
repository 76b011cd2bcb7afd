import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type RunningServer } from '#server/start';
import { testConfig } from '../support/test-config';

/**
 * The page cache keeps only complete pages: a server render in which a call failed (rendered as
 * loading and left to the browser, e.g. for a visitor over a failure limit) is served to that
 * visitor but never to the next ones. The renderer here is a stand-in for dist/server/entry-server.js
 * that makes one real in-process call and reports whether the page is complete as it is told.
 */
const INDEX_HTML = '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>';
const STAND_IN_RENDERER = `
let renders = 0;
export async function render(input) {
  renders += 1;
  const answer = await input.fetchApi('/api/General/GetPetTypes', { method: 'GET' });
  return {
    rendered: true,
    failedCalls: answer.ok && globalThis.__pawtalPageComplete !== false ? [] : ['["pet-types"]'],
    html: '<p>render ' + renders + '</p>',
    status: 200,
    styles: '',
    preloads: '',
    modules: [],
    title: 'Stand-in',
    state: { language: input.language, namespaces: [], queries: { mutations: [], queries: [] } },
  };
}
`;

const completeFlag = globalThis as { __pawtalPageComplete?: boolean };

describe('page cache and incomplete server renders', () => {
  let workDir = '';
  let server: RunningServer;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-page-complete-'));
    const dataDir = path.join(workDir, 'data');
    fs.cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    const clientDir = path.join(workDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(workDir, 'server'));
    fs.writeFileSync(path.join(workDir, 'server', 'entry-server.js'), STAND_IN_RENDERER);
    server = await createServer(testConfig({ dataDir, mediaDir: path.join(dataDir, 'media'), databaseUrl: null }), { clientDir, logger: false });
  }, 60_000);

  afterAll(async () => {
    delete completeFlag.__pawtalPageComplete;
    await server?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const renderedText = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    return /<p>(render \d+)<\/p>/.exec(res.body)?.[1];
  };

  it('serves an incomplete page without keeping it, and keeps a complete one', async () => {
    completeFlag.__pawtalPageComplete = false;
    const first = await renderedText('/adopt');
    const second = await renderedText('/adopt');
    expect(first).toBeDefined();
    // rendered again: the incomplete page was not kept
    expect(second).not.toBe(first);

    completeFlag.__pawtalPageComplete = true;
    const complete = await renderedText('/adopt');
    expect(complete).not.toBe(second);
    // a complete page is kept until a write
    expect(await renderedText('/adopt')).toBe(complete);
  });
});
