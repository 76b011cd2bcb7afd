import type { FastifyRequest } from 'fastify';

/**
 * Who does a write, for the history: the session's verified person (issue 31, docs/decisions/0145), the one who
 * signed in or switched in with their PIN. Nothing the request says (X-Vet-User-Id, a visit's vetUserId) names
 * anyone else; the guard refuses a header that tries.
 */
export interface Actor {
  clinicId: number;
  userId: number | null;
  /** the staff user's name ('' for the server itself: a purge) */
  userName: string;
}

/** The actor of a portal write (after the guard). */
export function actingUser(request: FastifyRequest): Actor {
  const { clinicId, userId, userName } = request.clinic;
  return { clinicId, userId, userName };
}
