import type { FastifyRequest } from 'fastify';
import { can, type PortalAction } from '#shared/staff-roles';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import { requireClinic } from '#server/auth/clinic-session';
import { ForbiddenError } from '#server/http/errors';

/** The acting person a request's X-Vet-User-Id names, if it names one (a positive integer). */
function headerUserId(request: FastifyRequest): number | null {
  const raw = request.headers[ACTING_USER_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * The guard of every portal call (issue 31, docs/decisions/0145), as `preHandler`: the session (401 without one),
 * then HTTP 403 with the envelope and a message in the reader's language when
 * - X-Vet-User-Id names someone else than the session's verified person (the desk switched person in another tab:
 *   the header is never believed, decision 0097 is superseded),
 * - the clinic requires two-factor sign-in and the acting person has not set it up (only their own account's calls
 *   are open to them until then),
 * - the acting person's role may not do `action` (src/shared/staff-roles.ts, the one table the portal asks too).
 */
export function requirePermission(action: PortalAction) {
  return async function guard(request: FastifyRequest): Promise<void> {
    await requireClinic(request);
    const { userId, role, twoFactorSetupRequired } = request.clinic;
    const named = headerUserId(request);
    if (named !== null && named !== userId) throw new ForbiddenError('actingUserMismatch');
    if (twoFactorSetupRequired && action !== 'ownAccount') throw new ForbiddenError('twoFactorSetupRequired');
    if (!can(role, action)) throw new ForbiddenError('notAllowed');
  };
}
