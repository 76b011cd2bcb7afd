import type { FastifyInstance } from 'fastify';
import { cacheTag } from '#server/cache/public-cache';
import { utcDay } from '#server/pets/age';

/**
 * One page of a clinic's list (visits, patients, reminders, a pet's visits) through the clinic
 * list cache: keyed by clinic, list and the whole normalised query (every parameter the route
 * validated, so a new parameter is part of the key without touching this), and the day (ages).
 * Tagged with the clinic (its writes) and the pets the page shows (a pet's change by any clinic).
 */
export function cachedClinicList<T>(
  app: FastifyInstance,
  clinicId: number,
  list: string,
  query: object,
  load: () => Promise<T>,
  petIds: (value: T) => readonly number[],
): Promise<T> {
  const key = `${clinicId}:${list}:${utcDay()}:${JSON.stringify(query, Object.keys(query).sort())}`;
  return app.clinicListCache.get(key, load, (value) => [
    cacheTag.clinic(clinicId),
    ...[...new Set(petIds(value))].map(cacheTag.pet),
  ]);
}
