/**
 * The clinic's microchip lookup (issue 34, docs/decisions/0154): whether a scanned 15-digit chip belongs to a pet
 * reported lost anywhere on Pawtal. The owner's data only when the pet is the clinic's own patient.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '#shared/contract/schema-parts';

export const LostChipQuery = Type.Object({
  microChipId: Type.String({ maxLength: 40, description: '15 digits (spaces and dashes are ignored)' }),
});
export type LostChipQuery = Static<typeof LostChipQuery>;

const LostChipPet = Type.Object({
  petProfileId: Type.Integer(),
  publicId: Type.String(),
  petName: Type.String(),
  petImage: Type.String(),
  petTypeId: Type.Integer(),
  petBreedId: Type.Integer(),
  petBreed: Type.String(),
  /** yyyy-mm-dd; null when not recorded */
  lostDate: Nullable(Type.String()),
  /** the pet is this clinic's patient: its owner's contact data follow */
  isPatient: Type.Boolean(),
  owner: Nullable(Type.Object({ name: Type.String(), phone: Type.String(), email: Nullable(Type.String()) })),
});

export const LostChipResult = Type.Object({
  /** the number as read (digits only) */
  microChipId: Type.String(),
  /** the lost pets with this chip (usually none or one) */
  pets: Type.Array(LostChipPet),
});
export type LostChipResult = Static<typeof LostChipResult>;
