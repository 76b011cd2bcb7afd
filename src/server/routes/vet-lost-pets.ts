import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import { API, routePath } from '#shared/contract/paths';
import { microchipNumber } from '#shared/found-pets';
import { ContactResult } from '#shared/contract/relay';
import { LostChipQuery, LostChipResult } from '#shared/contract/vet-lost-pets';
import { tellOwnerForm } from '#shared/forms/lost-found-forms';
import { clinicPatients, lostPetDetails, petBreeds, petProfiles } from '#server/db/schema';
import { patientNotDeleted, petNotDeleted } from '#server/db/live-rows';
import { mediaBase } from '#server/config';
import { envelopeSchema, ok } from '#server/http/envelope';
import { errorAnswers } from '#server/http/error-answers';
import { UserError } from '#server/http/errors';
import { readForm } from '#server/http/form-body';
import { requestLanguage } from '#server/http/request-language';
import { markChanged } from '#server/cache/public-cache';
import { imageUrl } from '#server/media/media-url';
import { portalCall, portalForm } from '#server/routes/portal-call';
import { sendFirstMessage } from '#server/relay/conversations';

/**
 * The clinic's microchip lookup (issue 34, docs/decisions/0154): the quick search asks whether a scanned chip
 * belongs to a pet reported lost anywhere on Pawtal. The lost pet's public face (name, photo, public ID) is public
 * anyway; its owner's contact data only when the pet is this clinic's own patient. "Tell the owner" goes through
 * the contact relay, naming the clinic.
 */
const vetLostPetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = mediaBase(app.config);

  app.get(
    routePath(API.lostPetByMicrochip),
    portalCall('contactLostPetOwners', {
      summary: 'Whether a microchip belongs to a pet reported lost on Pawtal',
      description:
        'microChipId: 15 digits (spaces and dashes ignored; anything else answers result 0). Every lost pet with ' +
        'that chip: its public name, photo and public ID, and its owner’s name, phone and e-mail only when it is ' +
        "the clinic's patient.",
      querystring: LostChipQuery,
      response: { 200: envelopeSchema(LostChipResult), ...errorAnswers(400, 401) },
    }),
    async (request) => {
      const chip = microchipNumber(request.query.microChipId);
      if (!chip) throw new UserError('microchipInvalid');
      const { clinicId } = request.clinic;
      const rows = await app.db
        .select({
          petProfileId: petProfiles.id,
          publicId: petProfiles.publicId,
          petName: petProfiles.name,
          imagePath: petProfiles.imagePath,
          petTypeId: petProfiles.petTypeId,
          petBreedId: petProfiles.petBreedId,
          petBreed: petBreeds.title,
          lostDate: lostPetDetails.lostDate,
          patientId: clinicPatients.id,
          ownerName: clinicPatients.ownerNameForVet,
          ownerPhone: clinicPatients.ownerPhoneForVet,
          ownerEmail: clinicPatients.ownerEmailForVet,
        })
        .from(petProfiles)
        .innerJoin(petBreeds, eq(petBreeds.id, petProfiles.petBreedId))
        .leftJoin(lostPetDetails, eq(lostPetDetails.petProfileId, petProfiles.id))
        .leftJoin(
          clinicPatients,
          and(
            eq(clinicPatients.petProfileId, petProfiles.id),
            eq(clinicPatients.clinicId, clinicId),
            patientNotDeleted,
          ),
        )
        .where(and(sql`${petProfiles.isLost}`, petNotDeleted, eq(petProfiles.microChipId, chip)))
        .orderBy(asc(petProfiles.id))
        .limit(10);
      return ok({
        microChipId: chip,
        pets: rows.map((r) => ({
          petProfileId: r.petProfileId,
          publicId: r.publicId,
          petName: r.petName,
          petImage: imageUrl(base, r.imagePath),
          petTypeId: r.petTypeId,
          petBreedId: r.petBreedId,
          petBreed: r.petBreed,
          lostDate: r.lostDate,
          isPatient: r.patientId !== null,
          owner:
            r.patientId !== null
              ? { name: r.ownerName ?? '', phone: r.ownerPhone ?? '', email: r.ownerEmail || null }
              : null,
        })),
      });
    },
  );

  app.post(
    routePath(API.tellLostPetOwner),
    portalForm('contactLostPetOwners', tellOwnerForm, {
      summary: "Tell a lost pet's owner that the clinic has seen it (through the contact relay)",
      description:
        '{ petProfileId, message, email }: a pet reported lost. The e-mail names the clinic; email is where the ' +
        "owner's replies go (confirmed by a link the first time). The owner's address is never shown.",
      response: { 200: envelopeSchema(ContactResult), ...errorAnswers(400, 401, 429) },
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, tellOwnerForm);
      const [pet] = await app.db
        .select({ id: petProfiles.id })
        .from(petProfiles)
        .where(and(eq(petProfiles.id, values.petProfileId), sql`${petProfiles.isLost}`, petNotDeleted));
      if (!pet) throw new UserError('petNotLost');
      return ok(
        await sendFirstMessage(app, request, {
          subject: { kind: 'pet', petProfileId: pet.id },
          message: values.message,
          email: values.email,
          language: requestLanguage(request),
          clinicId: request.clinic.clinicId,
        }),
      );
    },
  );
};

export default vetLostPetRoutes;
