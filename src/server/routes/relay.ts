import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, routePath } from '#shared/contract/paths';
import {
  BlockSenderBody,
  ConfirmRelaySenderBody,
  ContactResult,
  Conversation,
  ConversationQuery,
  RelaySenderConfirmed,
  ReplyBody,
} from '#shared/contract/relay';
import { contactFinderForm, contactOwnerForm } from '#shared/forms/lost-found-forms';
import { RELAY_MESSAGE_MAX } from '#shared/found-pets';
import { isAcceptableText } from '#shared/contract/input-rules';
import { envelopeSchema, ok } from '#server/http/envelope';
import { BODY_LIMIT } from '#server/http/body-limits';
import { errorAnswers } from '#server/http/error-answers';
import { UserError } from '#server/http/errors';
import { formRoute, readForm } from '#server/http/form-body';
import { requestLanguage } from '#server/http/request-language';
import { markChanged } from '#server/cache/public-cache';
import { lookUpPetDetails, petKeyOf } from '#server/public-pets/pet-details';
import { loadFoundPet } from '#server/found-pets/public-reports';
import {
  blockSender,
  confirmSender,
  readConversation,
  replyInConversation,
  sendFirstMessage,
} from '#server/relay/conversations';

const tags = ['Contact relay'];
const relayNote =
  'Pawtal e-mails the message with a private reply link; neither side ever sees the other’s address. The first ' +
  'time an address writes, it is confirmed by a link e-mailed to it (status confirmEmail) and its message goes ' +
  'then. While the recipient has not answered, the links and phone numbers of a message are held back ("[…]"). ' +
  'Limits: messages per client address per hour (429), per sender and per pet per day (result 0).';

/** The contact relay (issue 34, docs/decisions/0152): to a lost pet's owner or a found pet's finder, and back. */
const relayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    routePath(API.contactOwner),
    formRoute(contactOwnerForm, {
      tags,
      summary: "Write to a lost pet's owner",
      description: `{ publicId, message, email } (or petProfileId for a listed lost pet). ${relayNote}`,
      response: { 200: envelopeSchema(ContactResult), ...errorAnswers(400, 429) },
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, contactOwnerForm);
      const pet = await lookUpPetDetails(
        app,
        request,
        petKeyOf({
          publicId: values.publicId || null,
          petProfileId: values.petProfileId === undefined ? null : String(values.petProfileId),
        }),
      );
      if (!pet) throw new UserError('petNotFound');
      if (!pet.isLost) throw new UserError('petNotLost');
      return ok(
        await sendFirstMessage(app, request, {
          subject: { kind: 'pet', petProfileId: pet.petId },
          message: values.message,
          email: values.email,
          language: requestLanguage(request),
        }),
      );
    },
  );

  app.post(
    routePath(API.contactFinder),
    formRoute(contactFinderForm, {
      tags,
      summary: "Write to a found pet's finder",
      description: `{ foundPetId, message, email }: an open found report. ${relayNote}`,
      response: { 200: envelopeSchema(ContactResult), ...errorAnswers(400, 429) },
    }),
    async (request) => {
      markChanged(request, []);
      const { values } = await readForm(request, contactFinderForm);
      const report = await loadFoundPet(app, values.foundPetId);
      if (!report || report.status !== 'open') throw new UserError('foundPetNotFound');
      return ok(
        await sendFirstMessage(app, request, {
          subject: { kind: 'found', foundPetId: report.foundPetId },
          message: values.message,
          email: values.email,
          language: requestLanguage(request),
        }),
      );
    },
  );

  app.post(
    routePath(API.confirmRelaySender),
    {
      bodyLimit: BODY_LIMIT.token,
      schema: {
        tags,
        summary: "Confirm a sender's address (the link of the relay's confirmation e-mail)",
        description:
          'The address is confirmed for good; every message of it that waited goes now (delivered: how many). A ' +
          'bad token answers result 0 (429 past the failed-token limit).',
        body: ConfirmRelaySenderBody,
        response: { 200: envelopeSchema(RelaySenderConfirmed), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      markChanged(request, []);
      return ok(await confirmSender(app, request, request.body.token));
    },
  );

  app.get(
    routePath(API.conversation),
    {
      schema: {
        tags,
        summary: 'A relay conversation (the reply link of its e-mails)',
        description:
          'Either side’s link: its messages oldest first, what the conversation is about and who the other side ' +
          'is, never an address. Never kept by a cache. A bad token answers result 0.',
        querystring: ConversationQuery,
        response: { 200: envelopeSchema(Conversation), ...errorAnswers(400, 429) },
      },
    },
    async (request) => ok(await readConversation(app, request, request.query.token)),
  );

  app.post(
    routePath(API.replyToConversation),
    {
      schema: {
        tags,
        summary: 'Reply in a relay conversation',
        description:
          `message: at most ${RELAY_MESSAGE_MAX} characters. The recipient's first reply lifts the hold on the ` +
          "sender's links and phone numbers. A blocked conversation or a bad token answers result 0.",
        body: ReplyBody,
        response: { 200: envelopeSchema(ContactResult), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      markChanged(request, []);
      const text = request.body.message.trim();
      if (text === '') throw new UserError('found:validation.messageRequired');
      if (text.length > RELAY_MESSAGE_MAX || !isAcceptableText(text)) throw new UserError('found:validation.tooLong');
      return ok(await replyInConversation(app, request, request.body.token, text));
    },
  );

  app.post(
    routePath(API.blockSender),
    {
      schema: {
        tags,
        summary: 'Block (and report) the sender of a conversation',
        description:
          'The recipient’s link only: nothing more goes either way; report: true also flags the conversation ' +
          'for a person to read.',
        body: BlockSenderBody,
        response: { 200: envelopeSchema(Type.Null()), ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      markChanged(request, []);
      await blockSender(app, request, request.body.token, request.body.report ?? false);
      return ok(null);
    },
  );
};

export default relayRoutes;
