import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { VISIT_FILTER } from '#shared/constants';
import type { VetVisit, VetVisitsQuery, VetVisitsResult } from '#shared/contract/vet';
import type { Db } from '#server/db/client';
import { clinicPatients, clinicUsers, petProfiles, vetVisits } from '#server/db/schema';
import { pageWithCount, rowCount, rowsToSkip } from '#server/db/query-helpers';
import { patientNotDeleted, visitNotDeleted } from '#server/db/live-rows';
import { petSummaryColumns, petSummaryFields, withPetSummary } from '#server/pets/pet-columns';
import { patientSearchCondition, readSearchTerm } from '#server/clinic-pets/search-term';

/** What a visit list shows: SPEC.md's status filter, and (issue 21) a date range and a search. */
type VisitListFilters = Pick<VetVisitsQuery, 'isFinished' | 'dateFrom' | 'dateTo' | 'searchTerm'>;

/**
 * The one place a list of a clinic's visits is filtered: the clinic, not deleted (docs/decisions/0098), the status, the
 * visit date
 * range, and the search over the pet's patient row (pet name, owner name, phone, e-mail, as
 * GetVetPets searches: docs/decisions/0110).
 * The search is read two ways with one meaning, for the planner: the count as a semi-join on the
 * clinic's matching patients (two index-only scans: vet_visits_clinic_pet_idx and
 * clinic_patients_clinic_created_idx), the page as a check of each visit's patient row (EXISTS with
 * OFFSET 0, which the planner keeps as a per-row check): it walks the date index and stops after
 * the page. As a join, the page is misjudged: the planner takes a broad term's matches for rare
 * (it cannot know the clinic's visits are of the clinic's patients) and joins every visit first.
 */
function visitsWhere(clinicId: number, filters: VisitListFilters, search: 'semi-join' | 'per visit'): SQL {
  const term = readSearchTerm(filters.searchTerm);
  const matching =
    term === null
      ? undefined
      : search === 'per visit'
        ? sql`exists (select 1 from ${clinicPatients} where ${and(
            eq(clinicPatients.clinicId, clinicId),
            eq(clinicPatients.petProfileId, vetVisits.petProfileId),
            patientNotDeleted,
            patientSearchCondition(term),
          )} offset 0)`
        : inArray(
            vetVisits.petProfileId,
            sql`(select ${clinicPatients.petProfileId} from ${clinicPatients}
              where ${and(eq(clinicPatients.clinicId, clinicId), patientNotDeleted, patientSearchCondition(term))})`,
          );
  return and(
    eq(vetVisits.clinicId, clinicId),
    visitNotDeleted,
    filters.isFinished === VISIT_FILTER.all
      ? undefined
      : eq(vetVisits.isFinished, filters.isFinished === VISIT_FILTER.completed),
    filters.dateFrom === undefined ? undefined : gte(vetVisits.visitDate, filters.dateFrom),
    filters.dateTo === undefined ? undefined : lte(vetVisits.visitDate, filters.dateTo),
    matching,
  ) as SQL;
}

/** The order of a visit list: SPEC.md's newest visit date first, or the grid's column; the visit id breaks ties. */
function visitOrder(query: Pick<VetVisitsQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const field = query.sortField ?? 'date';
  const descending = (query.sortOrder ?? (field === 'date' ? 'desc' : 'asc')) === 'desc';
  const tieBreak = descending
    ? [desc(vetVisits.visitDate), desc(vetVisits.id)]
    : [asc(vetVisits.visitDate), asc(vetVisits.id)];
  switch (field) {
    case 'date':
      return tieBreak;
    case 'pet':
      return [descending ? desc(sql`lower(${petProfiles.name})`) : asc(sql`lower(${petProfiles.name})`), ...tieBreak];
    case 'owner':
      return [
        sql`lower(${clinicPatients.ownerNameForVet}) ${sql.raw(descending ? 'desc' : 'asc')} nulls last`,
        ...tieBreak,
      ];
    case 'vet':
      // a visit without a vet user last, whichever the direction
      return [sql`lower(${clinicUsers.name}) ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, ...tieBreak];
  }
}

/** The page query of listVisits (exported so tests can check its plan). */
export function visitsPageQuery(db: Db, clinicId: number, query: VetVisitsQuery) {
  const visits = db
    .select({
      ID: vetVisits.id,
      PetProfileID: vetVisits.petProfileId,
      VisitDate: vetVisits.visitDate,
      isFinished: vetVisits.isFinished,
      VetUserID: vetVisits.vetUserId,
      VetName: sql<string>`coalesce(${clinicUsers.name}, '')`,
      ...petSummaryColumns,
    })
    .from(vetVisits)
    .$dynamic();
  return withPetSummary(visits, clinicId, vetVisits.petProfileId)
    .leftJoin(clinicUsers, eq(clinicUsers.id, vetVisits.vetUserId))
    .where(visitsWhere(clinicId, query, 'per visit'))
    .orderBy(...visitOrder(query))
    .limit(query.limit)
    .offset(rowsToSkip({ page: query.offset, limit: query.limit }));
}

/**
 * A page of the clinic's visits, newest visit date first (then newest id) unless a sort is asked
 * for: one query with the pet, type, breed, owner (clinic_patients) and vet user joined, plus a
 * count. A status and date range are served by vet_visits_clinic_finished_idx (filtered) or
 * vet_visits_clinic_date_idx (all).
 */
export async function listVisits(
  db: Db,
  base: string,
  clinicId: number,
  query: VetVisitsQuery,
): Promise<VetVisitsResult> {
  const { rows, count } = await pageWithCount(
    db,
    (tx) => visitsPageQuery(tx, clinicId, query),
    (tx) =>
      tx
        .select({ count: rowCount })
        .from(vetVisits)
        .where(visitsWhere(clinicId, query, 'semi-join')),
  );
  const visits: VetVisit[] = rows.map((r) => ({
    ID: r.ID,
    PetProfileID: r.PetProfileID,
    ...petSummaryFields(base, r),
    OwnerNameForVet: r.ownerNameForVet,
    OwnerPhoneForVet: r.ownerPhoneForVet,
    OwnerEmailForVet: r.ownerEmailForVet,
    VisitDate: r.VisitDate,
    isFinished: r.isFinished,
    VetUserID: r.VetUserID,
    VetName: r.VetName,
  }));
  return { visits, count };
}
