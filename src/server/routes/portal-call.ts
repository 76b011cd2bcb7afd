import { PERMISSIONS, type PortalAction } from '#shared/staff-roles';
import { requirePermission } from '#server/auth/permissions';
import { errorAnswers } from '#server/http/error-answers';
import { formRoute } from '#server/http/form-body';
import type { FormFiles } from '#server/http/form-docs';

/** The API document's group of the portal's calls. */
export const PORTAL_TAGS = ['Vet portal'];

/** Where a portal call stands in the API document: its group, the session's bearer token, its refusals. */
function portalDoc<S extends { response?: object; description?: string }>(action: PortalAction, schema: S) {
  const roles = `Roles: ${PERMISSIONS[action].join(', ')} (\`${action}\`); others get HTTP 403.`;
  return {
    tags: PORTAL_TAGS,
    security: [{ bearer: [] }],
    ...schema,
    description: schema.description ? `${schema.description}\n\n${roles}` : roles,
    response: { ...errorAnswers(400, 401, 403), ...schema.response },
  };
}

/**
 * The options of a clinic portal call: the session and the acting person's permission to do `action` are checked
 * first (requirePermission, before the request's format: a person who may not make the call learns nothing of what
 * it takes); `schema` as Fastify takes it.
 */
export function portalCall<S extends { response?: object; description?: string }>(action: PortalAction, schema: S) {
  return { preValidation: requirePermission(action), schema: portalDoc(action, schema) };
}

/** The options of a portal call whose body is a form (JSON, or multipart with files): see formRoute. */
export function portalForm<S extends { response?: object; description?: string }>(
  action: PortalAction,
  form: Parameters<typeof formRoute>[0],
  schema: S,
  files?: FormFiles,
) {
  return { preValidation: requirePermission(action), ...formRoute(form, portalDoc(action, schema), files) };
}
