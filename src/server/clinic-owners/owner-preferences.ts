import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * What an owner chose about being written to (issue 32), each in ONE place: every query that reads a patient row
 * (clinic_patients) asks these for the patient's owner. Issue 33's reminder protocols and bookings read them too.
 * Written with full column names: they are correlated subqueries inside queries of several joined tables.
 */

/** Whether the patient's owner consents to reminder e-mails (a row without an owner: yes, as before issue 32). */
export const ownerConsentsToReminders: SQL<boolean> = sql<boolean>`coalesce((select o."reminders_by_email"
  from "clinic_owners" o where o."id" = "clinic_patients"."clinic_owner_id"), true)`;

/**
 * The language the patient's owner reads (a code of src/shared/languages.ts): their own, else the language of their
 * Pawtal account (`accountLanguage`, when the pet has one), else the clinic's (`clinicId`: an id, or the patient row's
 * column).
 */
export function ownerLanguage(clinicId: number | SQLWrapper, accountLanguage?: SQLWrapper): SQL<string> {
  return sql<string>`coalesce((select o."language" from "clinic_owners" o where o."id" = "clinic_patients"."clinic_owner_id"),
    ${accountLanguage ?? sql`null`}, (select c."language" from "clinics" c where c."id" = ${clinicId}))`;
}
