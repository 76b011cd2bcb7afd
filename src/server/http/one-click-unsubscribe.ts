import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `app` (a route plugin) read a form body: a mail client's one-click unsubscribe (RFC 8058) POSTs
 * `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded to the List-Unsubscribe address.
 */
export function acceptOneClickUnsubscribe(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
