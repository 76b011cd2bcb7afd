import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '#server/config';
import type { Database, Db } from '#server/db/client';
import { registerErrorHandling } from '#server/http/error-handler';
import { loggableError } from '#server/http/loggable-error';
import { capConnectionsPerAddress, serverTimeouts } from '#server/http/connection-limits';
import { answerClientError } from '#server/http/client-errors';
import { registerInputGuard } from '#server/http/input-guard';
import { BODY_LIMIT, registerBodyTime } from '#server/http/body-limits';
import { registerErrorAnswers } from '#server/http/error-answers';
import { failureLimitsPlugin } from '#server/http/failure-limit';
import { fail } from '#server/http/envelope';
import { registerSecurityHeaders } from '#server/http/security-headers';
import { keepOutOfSharedCaches, registerCachingHeaders } from '#server/http/caching-headers';
import { MAX_IMAGE_BYTES, MAX_UPLOAD_FILES } from '#shared/constants';
import { apiRoutes } from '#server/routes/index';
import { renderPageWithinLimits } from '#server/pages/pet-page-limit';
import { closeRenderThreads } from '#server/pages/server-render';
import { withoutUnknownReferences } from '#server/pages/unknown-references';
import { pastTheListingEnd } from '#server/pages/listing-extents';
import { sendKept } from '#server/http/kept-answer';
import { setUpMailWorker } from '#server/mail/worker';
import { composeReminderMail } from '#server/reminders/reminder-email';
import { composeVisitAnswerMail } from '#server/visit-requests/visit-answer-email';
import { composeStaffMail } from '#server/staff/staff-mail';
import { loginQueuePlugin } from '#server/auth/staff-login';
import { composeSightingMail } from '#server/sightings/sighting-email';
import type { Composer } from '#server/mail/compose';
import type { OutboxKind } from '#server/mail/outbox';
import { lostAndFoundComposers } from '#server/found-pets/composers';
import { lostAndFoundSchedulesPlugin } from '#server/found-pets/schedules';
import { reminderNoticesPlugin } from '#server/reminders/notice-schedule';
import { contentTypeOf, isStoredPath } from '#server/media/storage';
import { mediaStoragePlugin } from '#server/media/storage-plugin';
import { mediaLinksPlugin, registerClinicalMedia } from '#server/media/signed-links';
import { recordsUpkeepPlugin } from '#server/clinic-records/upkeep';
import { changeFeedPlugin } from '#server/cache/change-feed';
import { cachesPlugin } from '#server/cache/public-cache';
import { sessionCachePlugin } from '#server/auth/session-cache';
import { pageHeadsPlugin } from '#server/pages/page-heads';
import { petShareHeadPlugin } from '#server/pages/pet-share-meta';
import { foundShareHeadPlugin } from '#server/pages/found-share-meta';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    /** true when the built client is there, so the app serves (and renders) pages */
    servesPages: boolean;
    /** whether the scheduled jobs (BuildAppOptions.backgroundJobs) run in this app */
    runsBackgroundJobs: boolean;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built client (vite build); pages are served only when it exists. */
  clientDir?: string;
  logger?: boolean;
  /** Where the structured logs go (default stdout); tests capture them here. */
  logStream?: { write(line: string): void };
  /** Told of every answer's operation and status (the API tests check each is documented). */
  onAnswer?: (answer: { method: string; route: string; status: number }) => void;
  /**
   * The scheduled jobs that start when the app is ready and that its close waits for (default true): the reminder
   * sweep, the records' upkeep, the lost-and-found schedules, the purges of sightings and of failure counts. Off in
   * most API test servers (tests/support/databases.ts): those run the jobs' functions with a clock of their own. The
   * e-mail worker runs either way: it sends what a call queues.
   */
  backgroundJobs?: boolean;
}

/** Trust the given number of proxy hops in X-Forwarded-For. */
function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

const defaultClientDir = path.resolve('dist/client');

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              // Paths only: query strings can carry a visitor's position or a token.
              req: (req) => ({ id: req.id, method: req.method, path: req.url.split('?')[0], remoteAddress: req.ip }),
              // Statements, never values: a failed query's parameters stay out of the log (docs/decisions/0094).
              err: (err) => loggableError(err),
            },
          },
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT.json,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    routerOptions: { maxParamLength: 200, caseSensitive: false },
    ...serverTimeouts(config.http),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  capConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress, config.trustProxy);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('runsBackgroundJobs', opts.backgroundJobs ?? true);
  // filled by the routes of the public reads a page's render answers without app.inject (src/server/http/public-reads.ts)
  app.decorate('publicReads', new Map());

  // Before any route: the caches subscribe to the change feed (docs/decisions/0065, 0080).
  await app.register(changeFeedPlugin);
  await app.register(cachesPlugin);
  await app.register(sessionCachePlugin);
  await app.register(loginQueuePlugin);
  await app.register(mediaStoragePlugin);
  await app.register(mediaLinksPlugin);
  await app.register(pageHeadsPlugin);
  await app.register(petShareHeadPlugin);
  await app.register(foundShareHeadPlugin);

  registerErrorHandling(app);
  registerInputGuard(app);
  registerBodyTime(app, config.http.bodyTimeoutMs);
  // before swagger and the routes: it completes every operation's schema (docs/decisions/0158)
  registerErrorAnswers(app);
  if (opts.onAnswer) {
    const { onAnswer } = opts;
    app.addHook('onResponse', async (request, reply) => {
      onAnswer({ method: request.method, route: request.routeOptions.url ?? '', status: reply.statusCode });
    });
  }
  registerSecurityHeaders(app, config);
  registerCachingHeaders(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(failureLimitsPlugin);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: 20,
      fieldSize: 512 * 1024,
      parts: MAX_UPLOAD_FILES + 20,
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.appName} API`,
        version: '1.0.0',
        description: 'Public website and clinic portal API. Every answer is the { result, message, data } envelope.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  // before the routes: they queue messages and nudge the worker
  app.decorate(
    'mail',
    setUpMailWorker(app, {
      sighting: composeSightingMail,
      reminder: composeReminderMail,
      staff: composeStaffMail,
      'visit-answer': composeVisitAnswerMail,
      ...lostAndFoundComposers,
    } satisfies Record<OutboxKind, Composer>),
  );
  // The purge of deleted pets and visits, and moving old visit pictures into the clinical area.
  await app.register(recordsUpkeepPlugin);
  // Found reports' expiry, the lost-pet matcher and the alert digests.
  await app.register(lostAndFoundSchedulesPlugin);
  // Reminder notices on each clinic's schedule (issue 33).
  await app.register(reminderNoticesPlugin);

  for (const routes of apiRoutes) await app.register(routes, { prefix: '/api' });

  if (config.mediaStore.kind === 's3') {
    // Uploads come from the bucket; seeded files stay in MEDIA_DIR (below).
    const storage = app.mediaStorage;
    const serveStored = async (request: FastifyRequest, reply: FastifyReply) => {
      const relative = request.url.split('?')[0].slice('/media/'.length);
      const bytes = isStoredPath(relative) ? await storage.read(relative) : null;
      if (!bytes) return reply.code(404).send(fail('Not found'));
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(contentTypeOf(relative))
        .send(bytes);
    };
    // (share pictures: src/server/pages/pet-share-meta.ts, drawn when first asked for)
    app.get('/media/uploads/*', { schema: { hide: true } }, serveStored);
  }

  // Visit pictures: signed links only (docs/decisions/0099); never from the static folder below.
  registerClinicalMedia(app);

  const mediaDir = config.mediaDir;
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => !pathName.toLowerCase().startsWith('/clinical/'),
    immutable: true,
    maxAge: '365d',
  });

  const clientDir = opts.clientDir ?? defaultClientDir;
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  app.decorate('servesPages', hasClient);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: false,
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      // Without this, the per-file routes of wildcard:false shadow the /assets/ plugin above with 404s.
      globIgnore: ['assets/**', 'index.html'],
      allowedPath: (pathName) => !pathName.startsWith('/assets/') && pathName !== '/index.html',
      maxAge: '1d',
    });
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathOnly = request.url.split('?')[0];
    if (
      pathOnly.startsWith('/api/') ||
      pathOnly === '/api' ||
      pathOnly.startsWith('/media/') ||
      pathOnly.startsWith('/assets/')
    ) {
      return reply.code(404).send(fail(`Not found: ${request.method} ${pathOnly}`));
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasClient) {
      // A pet type or country that does not exist: the page without it, rendering nothing (docs/decisions/0159).
      const canonical = await withoutUnknownReferences(app, request.url);
      if (canonical !== null) return reply.header('cache-control', 'private, no-cache').redirect(canonical, 302);
      // A page beyond its listing's known end: the listing's one page past the end, rendering nothing (docs/decisions/0159).
      const pastTheEnd = pastTheListingEnd(app, request.url);
      if (pastTheEnd !== null) return reply.header('cache-control', 'private, no-cache').redirect(pastTheEnd, 302);
      // Cache-Control, Vary (the page's language) and ETag: src/server/http/caching-headers.ts.
      const page = await renderPageWithinLimits(app, request, reply, clientDir);
      // This render found the end: sent where the next ones are (the page was not kept).
      const pastTheEndNow = pastTheListingEnd(app, request.url);
      if (pastTheEndNow !== null)
        return reply.header('cache-control', 'private, no-cache').redirect(pastTheEndNow, 302);
      reply.header('Server-Timing', page.serverTiming);
      if (!page.complete) keepOutOfSharedCaches(reply);
      return sendKept(request, reply, page.answer);
    }
    return reply.code(404).send(fail('Not found'));
  };
  app.addHook('onClose', () => closeRenderThreads(app));
  // Pages are a route (not only the not-found handler) so that the compress plugin, which hooks routes, compresses
  // them.
  if (hasClient) app.get('/*', { schema: { hide: true } }, servePage);
  app.setNotFoundHandler(servePage);

  return app;
}
