import { requireClinic } from '#server/auth/clinic-session';
import { formRoute } from '#server/http/form-body';
import type { FormFiles } from '#server/http/form-docs';

/** The API document's group of the portal's calls. */
export const PORTAL_TAGS = ['Vet portal'];
/** Where a portal call stands in the API document: its group, and the clinic session's bearer token. */
const PORTAL_DOC = { tags: PORTAL_TAGS, security: [{ bearer: [] }] };

/** The options of a clinic portal call: the clinic session is checked first; `schema` as Fastify takes it. */
export function portalCall<S extends object>(schema: S) {
  return { preHandler: requireClinic, schema: { ...PORTAL_DOC, ...schema } };
}

/** The options of a portal call whose body is a form (JSON, or multipart with files): see formRoute. */
export function portalForm<S extends object>(form: Parameters<typeof formRoute>[0], schema: S, files?: FormFiles) {
  return { preHandler: requireClinic, ...formRoute(form, { ...PORTAL_DOC, ...schema }, files) };
}
