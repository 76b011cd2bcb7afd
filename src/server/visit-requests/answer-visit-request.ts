import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { VisitRequestAnswered } from '#shared/contract/visit-requests';
import { HISTORY_FIELDS } from '#shared/contract/vet-records';
import type { AnswerVisitRequestValues } from '#shared/forms/visit-request-forms';
import type { Actor } from '#server/auth/acting-user';
import type { Db } from '#server/db/client';
import { clinicOwners, outboxMessages, visitRequestReminders, visitRequests, wellnessRecords } from '#server/db/schema';
import { recordNotDeleted } from '#server/db/live-rows';
import { assertVersion, fieldChanges, writeHistory } from '#server/history/record-history';
import { BadRequestError, UserError } from '#server/http/errors';
import { enqueueMail } from '#server/mail/outbox';
import { clinicMailCap } from '#server/reminders/send-reminders';
import { createVisit } from '#server/visits/create-visit';

/** The payload of the e-mail that tells the owner the clinic's answer. */
interface VisitAnswerMailPayload {
  visitRequestId: number;
  /** the clinic's message with an acceptance, as written ('' for none; a decline's is kept on the request) */
  message: string;
}

/** The pets of a request's reminders still recorded (one visit each when it is accepted). */
async function petsOfRequest(tx: Db, requestId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ petId: wellnessRecords.petProfileId })
    .from(visitRequestReminders)
    .innerJoin(wellnessRecords, eq(wellnessRecords.id, visitRequestReminders.wellnessRecordId))
    .where(and(eq(visitRequestReminders.visitRequestId, requestId), recordNotDeleted));
  return rows.map((r) => r.petId).sort((a, b) => a - b);
}

/**
 * AnswerVisitRequest (issue 33, decision 0187): accepting makes one visit per pet of the request on `visitDate`
 * through the normal create path (each with its history entry), declining keeps the clinic's message on the request;
 * an acceptance's message goes in the owner's e-mail and the answer's history entry (decision 0195); either way the
 * request's state, version and history entry (the signed-in person's) are written in the same transaction, checked
 * against the version the list showed, and the owner's e-mail is queued there too (the owner's language, within the
 * clinic's mail cap: `emailed` false when held back or there is no address).
 */
export async function answerVisitRequest(
  app: FastifyInstance,
  actor: Actor,
  values: AnswerVisitRequestValues,
): Promise<VisitRequestAnswered> {
  // one answer or the other: a day sent with decline would be dropped without a word
  if (values.decline && values.visitDate !== undefined) throw BadRequestError.of('visitRequestDeclineWithDate');
  if (!values.decline && actor.userId === null) throw new UserError('visitRequestNeedsPerson');
  return app.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [request] = await tx
      .select({
        id: visitRequests.id,
        state: visitRequests.state,
        version: visitRequests.version,
        outboxMessageId: visitRequests.outboxMessageId,
        ownerLanguage: clinicOwners.language,
      })
      .from(visitRequests)
      .leftJoin(clinicOwners, eq(clinicOwners.id, visitRequests.clinicOwnerId))
      .where(and(eq(visitRequests.id, values.requestId), eq(visitRequests.clinicId, actor.clinicId)))
      .for('update', { of: visitRequests });
    if (!request) throw new UserError('visitRequestNotFound');
    await assertVersion(txDb, actor.clinicId, 'visitRequest', request.id, request.version, values.version);
    if (request.state !== 'requested') throw new UserError('visitRequestAnswered');

    const visitIds: number[] = [];
    if (!values.decline) {
      const visitDate = values.visitDate ?? '';
      if (visitDate < new Date().toISOString().slice(0, 10)) throw new UserError('bookingDayPast');
      const pets = await petsOfRequest(txDb, request.id);
      if (pets.length === 0) throw new UserError('visitRequestNoPets');
      for (const petId of pets)
        visitIds.push(await createVisit(txDb, actor, { petId, visitDate, vetUserId: actor.userId ?? 0 }));
    }
    const state = values.decline ? 'declined' : 'booked';
    const after = {
      state,
      visitDate: values.decline ? null : (values.visitDate ?? null),
      declineMessage: values.decline ? values.message : '',
    };
    const acceptMessage = values.decline ? '' : values.message;
    const answer = { ...after, message: acceptMessage };
    const version = request.version + 1;
    await tx
      .update(visitRequests)
      .set({ ...after, version, answeredAt: sql`now()` })
      .where(eq(visitRequests.id, request.id));
    await writeHistory(txDb, actor, [
      {
        petProfileId: null,
        entity: 'visitRequest',
        entityId: request.id,
        action: 'change',
        version,
        changes: fieldChanges(
          HISTORY_FIELDS.visitRequest.filter((f) => f in answer) as (keyof typeof answer)[],
          { state: 'requested', visitDate: null, declineMessage: null, message: null },
          answer,
        ),
      },
    ]);

    const [email] = await tx
      .select({ recipient: outboxMessages.recipient, language: outboxMessages.language })
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, [request.outboxMessageId]));
    let emailed = false;
    if (email) {
      const payload: VisitAnswerMailPayload = { visitRequestId: request.id, message: acceptMessage };
      const queued = await enqueueMail(
        txDb,
        {
          kind: 'visit-answer',
          recipient: email.recipient,
          language: request.ownerLanguage ?? email.language,
          payload: { ...payload },
        },
        clinicMailCap(actor.clinicId, app.config),
      );
      emailed = queued.status === 'queued';
    }
    return { state, visitIds, emailed };
  });
}
