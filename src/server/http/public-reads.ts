import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { LanguageCode } from '#shared/languages';
import { fail } from '#server/http/envelope';
import { UserError } from '#server/http/errors';
import { serverMessage } from '#server/http/messages';
import { keepAnswer, sendKept, type KeptAnswer } from '#server/http/kept-answer';

/** Who asks: the address a failed lookup counts against (request.ip; a page's visitor). */
export interface Asker {
  readonly ip: string;
}

/** A page's call answered in the server's thread: what its route would have answered. */
export interface PageCallAnswer {
  status: number;
  body: string;
}

/**
 * A public read answered by one function behind its API route and a page's server render (docs/decisions/0208): the
 * route is a thin wrapper over `data` and `send`; the render calls `pageAnswer` instead of going through the route
 * (app.inject: the hook chain, light-my-request, routing, validation). Both make the same bytes (the route's
 * response schema, through the app's own serializer compiler), kept once per cache entry: an answer made for a page
 * is the API's answer, and the other way round.
 */
export interface PublicRead<Q, D extends object> {
  /** the data, or a UserError (answered 200 with result 0 in the asker's language) */
  data(query: Q, asker: Asker): Promise<D>;
  /** the route's answer of `data` (a kept answer: its ETag and compressed forms made once) */
  send(request: FastifyRequest, reply: FastifyReply, data: D): Promise<FastifyReply>;
  /**
   * A page's call with these parameters, answered as the route would; null when they are not in the plain form
   * `pageQuery` reads exactly as the route's schema does (the call then goes through the route).
   */
  pageAnswer(params: URLSearchParams, language: LanguageCode, asker: Asker): Promise<PageCallAnswer | null>;
}

export interface PublicReadSpec<Q, D extends object> {
  /** the route's path (API.*), under which a page's call is recognised */
  path: string;
  /** the route's 200 answer schema (envelopeSchema of its data), the very object the route declares */
  response: TSchema;
  /** the query from a page call's parameters in the plain form; null for anything else */
  pageQuery: (params: URLSearchParams) => Q | null;
  data: (query: Q, asker: Asker) => Promise<D>;
  /** the envelope of the data (ok(data) for most) */
  envelope: (data: D) => object;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the public reads a page's render answers without app.inject, by their path (src/server/http/public-reads.ts) */
    publicReads: Map<string, PublicRead<unknown, object>>;
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Registers a public read of the app (its route's plugin calls this, then uses it in its handler). */
export function publicRead<Q, D extends object>(app: FastifyInstance, spec: PublicReadSpec<Q, D>): PublicRead<Q, D> {
  const kept = new WeakMap<D, KeptAnswer>();
  let serializer: ((value: unknown) => string) | null = null;
  // Made on first use (the app is ready by then), by the compiler that made the route's own serializer.
  const serialize = (value: object): string => {
    if (!serializer) {
      const compile = app.serializerCompiler;
      if (!compile) throw new Error(`public read ${spec.path}: the app has no serializer compiler yet`);
      serializer = compile({ schema: spec.response, method: 'GET', url: spec.path, httpStatus: '200' });
    }
    return serializer(value);
  };
  const answerOf = (data: D): KeptAnswer => {
    let answer = kept.get(data);
    if (!answer) {
      answer = keepAnswer(serialize(spec.envelope(data)), JSON_TYPE);
      kept.set(data, answer);
    }
    return answer;
  };
  const read: PublicRead<Q, D> = {
    data: spec.data,
    send: (request, reply, data) => sendKept(request, reply, answerOf(data)),
    async pageAnswer(params, language, asker) {
      const query = spec.pageQuery(params);
      if (query === null) return null;
      try {
        const answer = answerOf(await spec.data(query, asker));
        return { status: answer.status, body: (answer.body as Buffer).toString('utf8') };
      } catch (error) {
        // as the error handler answers it (src/server/http/error-handler.ts); anything else goes through the route
        if (!(error instanceof UserError)) throw error;
        return { status: 200, body: serialize(fail(serverMessage(error.messageKey, language, error.params))) };
      }
    },
  };
  app.publicReads.set(spec.path.toLowerCase(), read as PublicRead<unknown, object>);
  return read;
}

/** The parameters hold only these names (each at most once). */
export function onlyParams(params: URLSearchParams, names: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!names.includes(name) || seen.has(name)) return false;
    seen.add(name);
  }
  return true;
}
