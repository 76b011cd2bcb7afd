import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import type { Config } from '#server/config';
import { hashPassword } from '#server/auth/password';
import { ensureDemoMedia } from '#server/media/demo-images';
import * as schema from '#server/db/schema';
import { buildDemoRows } from '#server/db/seed/build';
import { COUNTRIES } from '#server/db/seed/countries';
import { LEGAL_DOCUMENTS } from '#server/db/seed/legal';
import { DEMO_PASSWORD, DEMO_STAFF_PINS } from '#server/db/seed/people';
import {
  PET_BREEDS,
  PET_TYPES,
  SKILLS,
  UNITS_OF_MEASURE,
  WELLNESS_CATEGORIES,
  WELLNESS_CATEGORY_TYPE_UNITS,
  WELLNESS_CATEGORY_TYPES,
} from '#server/db/seed/reference';
import { isoDate } from '#server/db/seed/random';
import type { PasswordHashes } from '#server/db/seed/types';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 400;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH) as T['$inferInsert'][]);
  }
}

/** Tables whose ids were inserted explicitly: their identity sequences must move past them. */
const IDENTITY_TABLES: PgTable[] = [
  schema.petTypes,
  schema.petBreeds,
  schema.countries,
  schema.unitsOfMeasure,
  schema.wellnessCategories,
  schema.wellnessCategoryTypes,
  schema.skills,
  schema.legalDocuments,
  schema.owners,
  schema.shelters,
  schema.petProfiles,
  schema.providers,
  schema.clinics,
  schema.clinicUsers,
  schema.clinicOwners,
  schema.clinicPatients,
  schema.vetVisits,
  schema.wellnessRecords,
];

async function hashDemoPasswords(): Promise<PasswordHashes> {
  // scrypt is deliberately slow: one hash for all owners, one per clinic, computed in turn.
  const owner = await hashPassword(DEMO_PASSWORD);
  const demoClinic = await hashPassword(DEMO_PASSWORD);
  const otherClinic = await hashPassword(DEMO_PASSWORD);
  const staff = await hashPassword(DEMO_PASSWORD);
  const pins: Record<string, string> = {};
  for (const pin of DEMO_STAFF_PINS) pins[pin] = await hashPassword(pin);
  return { owner, demoClinic, otherClinic, staff, pins };
}

/** Inserts the reference data and the demo rows in one transaction, in a fixed order. */
async function seedDemoData(db: Db, today: string, hashes: PasswordHashes): Promise<void> {
  const rows = buildDemoRows(today, hashes);
  await db.transaction(async (tx) => {
    await insertAll(tx, schema.petTypes, PET_TYPES);
    await insertAll(tx, schema.petBreeds, PET_BREEDS);
    await insertAll(tx, schema.countries, COUNTRIES);
    await insertAll(tx, schema.unitsOfMeasure, UNITS_OF_MEASURE);
    await insertAll(tx, schema.wellnessCategories, WELLNESS_CATEGORIES);
    await insertAll(tx, schema.wellnessCategoryTypes, WELLNESS_CATEGORY_TYPES);
    await insertAll(tx, schema.wellnessCategoryTypeUnits, WELLNESS_CATEGORY_TYPE_UNITS);
    await insertAll(tx, schema.skills, SKILLS);
    await insertAll(tx, schema.legalDocuments, LEGAL_DOCUMENTS);
    await insertAll(tx, schema.owners, rows.owners);
    await insertAll(tx, schema.shelters, rows.shelters);
    await insertAll(tx, schema.petProfiles, rows.pets);
    await insertAll(tx, schema.petProfileSkills, rows.petSkills);
    await insertAll(tx, schema.lostPetDetails, rows.lostDetails);
    await insertAll(tx, schema.providers, rows.providers);
    await insertAll(tx, schema.clinics, rows.clinics);
    await insertAll(tx, schema.clinicUsers, rows.clinicUsers);
    await insertAll(tx, schema.clinicOwners, rows.clinicOwners);
    await insertAll(tx, schema.clinicPatients, rows.clinicPatients);
    await insertAll(tx, schema.vetVisits, rows.vetVisits);
    await insertAll(tx, schema.wellnessRecords, rows.records);
    for (const table of IDENTITY_TABLES) {
      const name = getTableName(table);
      // table names are constants of the schema, never input
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${name}', 'id'), (select max(id) from "${name}"))`),
      );
    }
  });
}

/**
 * Seeds the deterministic demo data when the database is empty, and writes the demo images into
 * config.mediaDir. Returns whether it seeded. Dates of records, visits and reminders are relative
 * to the seed day (UTC).
 */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.petTypes);
  if (count > 0) return false;
  const media = ensureDemoMedia(config.mediaDir);
  try {
    const hashes = await hashDemoPasswords();
    await seedDemoData(db, isoDate(new Date()), hashes);
    // Statistics for the planner at once: PGlite runs no autovacuum, and without them it picks
    // among the lists' partial indexes by size rather than by what they filter.
    await db.execute(sql`analyze`);
  } finally {
    await media;
  }
  return true;
}
