import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithRenderer, type ServerWithClient } from '#tests/support/server-with-client';

/**
 * The page cache keeps only complete pages: a server render in which a call failed (rendered as
 * loading and left to the browser, e.g. for a visitor over a failure limit) is served to that
 * visitor but never to the next ones. The renderer here is a stand-in for dist/server/entry-server.js
 * that makes one real in-process call and reports whether the page is complete as it is told.
 */
const RENDERER = {
  prelude: 'let renders = 0;',
  body: `
  renders += 1;
  const answer = await input.fetchApi('/api/General/GetPetTypes', { method: 'GET' });`,
  failedCalls: `answer.ok && globalThis.__pawtalPageComplete !== false ? [] : ['["pet-types"]']`,
  html: `'<p>render ' + renders + '</p>'`,
};

const completeFlag = globalThis as { __pawtalPageComplete?: boolean };

describe('page cache and incomplete server renders', () => {
  let running: ServerWithClient;

  beforeAll(async () => {
    running = await startServerWithRenderer('page-complete', RENDERER);
  }, 60_000);

  afterAll(async () => {
    delete completeFlag.__pawtalPageComplete;
    await running?.stop();
  });

  const renderedText = async (url: string) => {
    const res = await running.server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    // an incomplete page is this visitor's: no shared cache in front may keep it either
    expect(res.headers['cache-control']).toMatch(
      completeFlag.__pawtalPageComplete === false ? /^private, no-cache$/ : /^public, /,
    );
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
