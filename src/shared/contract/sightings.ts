import { Type, type Static } from '@sinclair/typebox';
import { FoundCandidate } from '#shared/contract/found-pets';
import { Nullable } from '#shared/contract/schema-parts';

/** Pawtal addition: GET /api/Pets/GetPetSightings?token=… (the owner's private sightings page). */
export const PetSightingsQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export type PetSightingsQuery = Static<typeof PetSightingsQuery>;

export const PetSighting = Type.Object({
  id: Type.Integer(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** ISO 8601 in UTC; the page shows it in the viewer's time zone */
  seenAt: Type.String(),
  /** what the finder wrote with it (ReportSighting); null: nothing */
  note: Nullable(Type.String()),
});
export type PetSighting = Static<typeof PetSighting>;

export const PetSightingsResult = Type.Object({
  petName: Type.String(),
  publicId: Type.String(),
  petImage: Type.String(),
  isLost: Type.Boolean(),
  /** sightings are kept this many days */
  retentionDays: Type.Integer(),
  /** newest first */
  sightings: Type.Array(PetSighting),
  /** open found reports that may be this pet, best first, with their exact place (issue 34) */
  foundCandidates: Type.Array(FoundCandidate),
});
export type PetSightingsResult = Static<typeof PetSightingsResult>;
