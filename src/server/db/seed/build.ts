import { buildClinicData } from '#server/db/seed/clinic-data';
import { buildClinicOwners } from '#server/db/seed/clinic-owners';
import { buildDemoPets } from '#server/db/seed/demo-pets';
import { buildAdoptionPets, buildLostPets } from '#server/db/seed/listed-pets';
import { buildClinics, buildOwners } from '#server/db/seed/people';
import { buildProviders } from '#server/db/seed/providers';
import { PublicIdFactory, Random } from '#server/db/seed/random';
import { buildShelters } from '#server/db/seed/shelters';
import type { DemoRows, PasswordHashes, SeedContext } from '#server/db/seed/types';

const SEED = 0x5eed2026;

/** FNV-1a, so each builder gets its own PRNG stream derived from its name. */
function streamSeed(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h ^ SEED) >>> 0;
}

/**
 * Builds every generated demo row in memory. Pure: the same day and hashes give the same rows.
 * The order of the builders fixes the ids; append new builders at the end.
 */
export function buildDemoRows(today: string, hashes: PasswordHashes): DemoRows {
  const rows: DemoRows = {
    owners: [],
    shelters: [],
    pets: [],
    petSkills: [],
    lostDetails: [],
    providers: [],
    clinics: [],
    clinicUsers: [],
    clinicOwners: [],
    clinicPatients: [],
    vetVisits: [],
    records: [],
  };
  const ctx: SeedContext = {
    today,
    hashes,
    rows,
    publicIds: new PublicIdFactory(new Random(streamSeed('public-ids'))),
    random: (stream) => new Random(streamSeed(stream)),
  };
  buildOwners(ctx);
  buildShelters(ctx);
  buildClinics(ctx);
  buildDemoPets(ctx);
  buildAdoptionPets(ctx);
  buildLostPets(ctx);
  buildProviders(ctx);
  buildClinicData(ctx);
  buildClinicOwners(ctx);
  return rows;
}
