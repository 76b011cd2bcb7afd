import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import { clinicUsers, clinics } from '#server/db/schema';

/**
 * Who does a write, for the history (docs/decisions/0097): the clinic account of the session, and
 * the staff user the portal has selected (its user selector), sent by the portal on every write in
 * the X-Vet-User-Id header. A session belongs to the clinic account, not to a staff user, so the
 * header names who is at the desk; it must be one of the clinic's users, else it is ignored.
 * Without it (an older client), the write's own vet user (CreateVetVisit's, SaveVetVisit's
 * vetUserId) stands in; without either, the clinic account is named.
 */
export interface Actor {
  clinicId: number;
  userId: number | null;
  /** the staff user's name, else the clinic's */
  userName: string;
}

function headerUserId(request: FastifyRequest): number | null {
  const raw = request.headers[ACTING_USER_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * The actor of a portal write (after requireClinic). `fallbackUserId`: the write's own vet user, for clients without
 * the header.
 */
export async function actingUser(request: FastifyRequest, fallbackUserId: number | null = null): Promise<Actor> {
  const { clinicId } = request.clinic;
  const db = request.server.db;
  const named = async (userId: number | null) => {
    if (userId === null) return null;
    const [user] = await db
      .select({ id: clinicUsers.id, name: clinicUsers.name })
      .from(clinicUsers)
      .where(and(eq(clinicUsers.id, userId), eq(clinicUsers.clinicId, clinicId)))
      .limit(1);
    return user ?? null;
  };
  const user = (await named(headerUserId(request))) ?? (await named(fallbackUserId));
  if (user) return { clinicId, userId: user.id, userName: user.name };
  const [clinic] = await db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, clinicId)).limit(1);
  return { clinicId, userId: null, userName: clinic?.name ?? '' };
}
