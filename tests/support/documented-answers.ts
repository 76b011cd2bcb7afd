import type { FastifyInstance } from 'fastify';

/**
 * Issue 35 item 8: every status an API test receives is documented for its operation in the server's
 * OpenAPI document (docs/decisions/0158). The test server records each answer's operation and status;
 * when it stops, `undocumentedAnswers` lists the ones its document does not name, and the test file
 * fails with them. Routes other issues add are held by it as soon as a test calls them.
 */
export interface AnswerSeen {
  method: string;
  route: string;
  status: number;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** "/api/Pets/:id" as the OpenAPI document writes it: "/api/Pets/{id}". */
function documentPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}');
}

/** The answers seen whose operation is in the document without their status, one line each. */
export function undocumentedAnswers(app: FastifyInstance, seen: Iterable<AnswerSeen>): string[] {
  const doc = app.swagger() as OpenApiDocument;
  const missing = new Set<string>();
  for (const { method, route, status } of seen) {
    const operation = doc.paths?.[documentPath(route)]?.[method.toLowerCase()];
    if (!operation) continue; // not an operation of the document (pages, media, HEAD)
    if (!operation.responses?.[String(status)]) missing.add(`${method} ${route} answered ${status}`);
  }
  return [...missing].sort();
}
