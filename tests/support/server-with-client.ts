import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type RunningServer } from '#server/start';
import { templateSnapshot } from '#tests/support/databases';
import { testConfig } from '#tests/support/test-config';

export interface ServerWithClient {
  server: RunningServer;
  /** stops the server and removes its folder */
  stop(): Promise<void>;
}

/**
 * A server on the PGlite template (loaded into memory) with a client folder of its own: `clientFiles` by path
 * inside dist/client (index.html at least) and, when given, a stand-in for the server renderer
 * (dist/server/entry-server.js), so page serving is tested without a build.
 */
export async function startServerWithClient(
  name: string,
  clientFiles: Record<string, string>,
  renderer?: string,
): Promise<ServerWithClient> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `pawtal-${name}-`));
  const mediaDir = path.join(workDir, 'media');
  fs.cpSync(path.join(inject('pgliteTemplateDir'), 'media'), mediaDir, { recursive: true });
  const clientDir = path.join(workDir, 'client');
  for (const [file, text] of Object.entries(clientFiles)) {
    fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, file), text);
  }
  if (renderer !== undefined) {
    fs.mkdirSync(path.join(workDir, 'server'));
    fs.writeFileSync(path.join(workDir, 'server', 'entry-server.js'), renderer);
  }
  const server = await createServer(testConfig({ dataDir: 'memory://', mediaDir, databaseUrl: null }), {
    clientDir,
    logger: false,
    pgliteSnapshot: templateSnapshot(),
    // page serving needs none of the scheduled jobs (BuildAppOptions.backgroundJobs)
    backgroundJobs: false,
  });
  return {
    server,
    stop: async () => {
      await server.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** index.html for page tests: the root a renderer's markup goes into, and nothing else. */
const STAND_IN_INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>';

/** The parts of a stand-in renderer's source: JavaScript over `input` (the renderer's RenderInput). */
interface StandInRenderer {
  /** module-level statements, before render() */
  prelude?: string;
  /** statements that run first in render(input): they may return early, or declare what the answer uses */
  body?: string;
  /** the page's markup (an expression) */
  html: string;
  /** the page's title (an expression) */
  title?: string;
  /** the calls that failed (an expression of a list of query keys) */
  failedCalls?: string;
  /** more fields of the answer (e.g. `timing: {...}`) */
  more?: string;
}

/**
 * A server whose renderer is a stand-in for dist/server/entry-server.js made of `parts`: it answers a rendered page
 * (status 200, no styles, preloads or modules) with their markup and title, so page serving is tested without a build.
 */
export function startServerWithRenderer(name: string, parts: StandInRenderer): Promise<ServerWithClient> {
  const { prelude = '', body = '', html, title = "'Stand-in'", failedCalls = '[]', more = '' } = parts;
  const renderer = `${prelude}
export async function render(input) {
  ${body}
  return {
    rendered: true,
    failedCalls: ${failedCalls},
    html: ${html},
    status: 200,
    styles: '',
    preloads: '',
    modules: [],
    title: ${title},
    state: { language: input.language, namespaces: [], queries: { mutations: [], queries: [] } },
    ${more}
  };
}
`;
  return startServerWithClient(name, { 'index.html': STAND_IN_INDEX_HTML }, renderer);
}

/** A stand-in page's markup that names the address it was rendered from (data-url), long enough to be compressed. */
export const ADDRESS_ECHO_HTML = `'<p data-url="' + input.url.replace(/&/g, '&amp;') + '">' + 'page '.repeat(400) + '</p>'`;

/** What a describe block's page tests use of a server whose renderer records each render (servePagesRecordingRenders). */
export interface RecordingPageServer {
  app(): FastifyInstance;
  /** a page asked for in English (with these headers too) */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** what each render since the test began recorded, in order */
  renders(): string[];
}

const recorded = globalThis as { __pawtalRenders?: string[] };

/**
 * In a describe block: a server with a stand-in renderer (startServerWithRenderer) whose every render first records
 * the expression `record` (over `input`) and then runs `parts.body`; the page cache and the record are emptied before
 * each test.
 */
export function servePagesRecordingRenders(name: string, record: string, parts: StandInRenderer): RecordingPageServer {
  let running: ServerWithClient | undefined;
  const app = () => {
    if (!running) throw new Error(`the ${name} server has not started`);
    return running.server.app;
  };
  beforeAll(async () => {
    running = await startServerWithRenderer(name, {
      ...parts,
      body: `globalThis.__pawtalRenders.push(${record});\n${parts.body ?? ''}`,
    });
  }, 60_000);
  afterAll(async () => {
    delete recorded.__pawtalRenders;
    await running?.stop();
  });
  beforeEach(() => {
    recorded.__pawtalRenders = [];
    app().pageCache.invalidate();
  });
  return {
    app,
    get: (url, headers = {}) => app().inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } }),
    renders: () => recorded.__pawtalRenders ?? [],
  };
}
