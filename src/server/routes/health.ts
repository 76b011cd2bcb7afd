import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import { envelopeSchema, fail, ok } from '#server/http/envelope';
import { pingDatabase } from '#server/db/client';
import { errorAnswers } from '#server/http/error-answers';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});

function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

const DB_TIMEOUT_MS = 3000;

/** Liveness (no database) and readiness (SELECT 1) checks. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const version = packageVersion();

  app.get(
    routePath(API.health),
    {
      schema: {
        tags: ['Health'],
        summary: 'Health: the server and its database (Pawtal addition)',
        description: 'Runs SELECT 1; answers 503 with the envelope when the database does not answer.',
        response: { 200: envelopeSchema(Health), ...errorAnswers(503) },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(app.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return reply.code(503).send(fail('The database is not answering.'));
      } finally {
        clearTimeout(timer);
      }
      return ok({ status: 'ok' as const, database: app.database.kind, version });
    },
  );

  app.get(
    routePath(API.healthLive),
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness: answers without touching the database (Pawtal addition)',
        response: { 200: envelopeSchema(Type.Object({ status: Type.Literal('ok') })) },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );
};

export default healthRoutes;
