import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { pickLanguage, type LanguageCode } from '#shared/languages';
import type { OwnerUnsubscribed, OwnerUnsubscribeLink } from '#shared/contract/owner-unsubscribe';
import { API } from '#shared/contract/paths';
import { paths } from '#shared/page-routes';
import type { Actor } from '#server/auth/acting-user';
import { createLink, openLink } from '#server/auth/link-tokens';
import type { Db } from '#server/db/client';
import { clinicOwners, clinicPatients, clinics } from '#server/db/schema';
import { UserError } from '#server/http/errors';
import { withTokenLimit } from '#server/http/token-attempt';
import { cacheTag, markChanged } from '#server/cache/public-cache';
import { mailTranslator, translate } from '#server/i18n';
import { changeOwner, lockClinicOwner } from '#server/clinic-owners/owner-writes';

/** A reminder's unsubscribe link works this long (an old reminder's link keeps working for a year). */
const UNSUBSCRIBE_DAYS = 365;
const PURPOSE = 'owner-unsubscribe';
/** Merges followed from the owner a link names to the owner who has their pets now. */
const MAX_MERGE_HOPS = 5;

/** What a reminder e-mail carries to stop them: the RFC 8058 headers and the footer's link to the page. */
interface ReminderUnsubscribe {
  headers: Record<string, string>;
  footerLink: { label: string; href: string };
}

/**
 * The unsubscribe parts of a reminder e-mail to the owner of `petProfileIds` at the clinic (issue 32, item 5;
 * docs/decisions/0180): a new link naming that owner (random, only its hash stored), as a one-click POST address
 * (List-Unsubscribe, List-Unsubscribe-Post) and as the footer's link to /Unsubscribe in the owner's language. No
 * mailto: nobody reads a mailbox for it. 'optedOut' when every owner of those pets turned reminders off since the
 * e-mail was queued; null when the pets have no owner record (nothing to turn off).
 */
export async function reminderUnsubscribe(
  app: FastifyInstance,
  clinicId: number,
  petProfileIds: readonly number[],
  language: LanguageCode,
): Promise<ReminderUnsubscribe | 'optedOut' | null> {
  const owners = await app.db
    .selectDistinct({ id: clinicOwners.id, remindersByEmail: clinicOwners.remindersByEmail })
    .from(clinicPatients)
    .innerJoin(clinicOwners, eq(clinicOwners.id, clinicPatients.clinicOwnerId))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        inArray(clinicPatients.petProfileId, [...petProfileIds]),
        isNull(clinicPatients.deletedAt),
        isNull(clinicOwners.deletedAt),
      ),
    )
    .orderBy(asc(clinicOwners.id));
  if (owners.length === 0) return null;
  // Owners who share one address get one e-mail; its link names the first who still consents.
  const owner = owners.find((o) => o.remindersByEmail);
  if (!owner) return 'optedOut';
  const token = await createLink(app.db, PURPOSE, owner.id, UNSUBSCRIBE_DAYS);
  const { publicUrl } = app.config;
  const { t } = mailTranslator(language);
  return {
    headers: {
      'List-Unsubscribe': `<${publicUrl}${API.unsubscribeReminders}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    footerLink: {
      label: t('reminder.unsubscribe'),
      href: `${publicUrl}${paths.unsubscribe}?token=${token}&lang=${language}`,
    },
  };
}

/** The owner a link names (or whom that owner was merged into) and their clinic; "linkInvalid" otherwise. */
async function ownerOfLink(db: Db, token: string) {
  const link = await openLink(db, [PURPOSE], token);
  let ownerId = link?.subjectId ?? null;
  for (let hop = 0; ownerId !== null && hop <= MAX_MERGE_HOPS; hop++) {
    const [row] = await db
      .select({
        id: clinicOwners.id,
        name: clinicOwners.name,
        clinicId: clinicOwners.clinicId,
        remindersByEmail: clinicOwners.remindersByEmail,
        deletedAt: clinicOwners.deletedAt,
        mergedIntoId: clinicOwners.mergedIntoId,
        clinicName: clinics.name,
        clinicLanguage: clinics.language,
      })
      .from(clinicOwners)
      .innerJoin(clinics, eq(clinics.id, clinicOwners.clinicId))
      .where(eq(clinicOwners.id, ownerId));
    if (!row) break;
    if (row.deletedAt === null) return row;
    ownerId = row.mergedIntoId;
  }
  throw new UserError('linkInvalid');
}

const BAD_LINK = new Set(['linkInvalid'] as const);

/** GetReminderUnsubscribe: what the page shows (the clinic, whether reminders are off already). Changes nothing. */
export async function readUnsubscribeLink(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<OwnerUnsubscribeLink> {
  return withTokenLimit(request, BAD_LINK, async () => {
    const owner = await ownerOfLink(app.db, token);
    return { clinicName: owner.clinicName, unsubscribed: !owner.remindersByEmail };
  });
}

/**
 * UnsubscribeReminders (the page's button, or a mail client's one-click POST): the owner's remindersByEmail turned
 * off through the owner's write path, under the owner's lock, with the version moved on (a dialog open on the old
 * one is refused on save) and a history entry by the owner "by their unsubscribe link", in the clinic's language.
 * Twice: "already unsubscribed", nothing written.
 */
export async function unsubscribeOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<OwnerUnsubscribed> {
  return withTokenLimit(request, BAD_LINK, async () => {
    const named = await ownerOfLink(app.db, token);
    const alreadyUnsubscribed = await app.db.transaction(async (tx) => {
      const owner = await lockClinicOwner(tx, named.clinicId, named.id);
      if (!owner.remindersByEmail) return true;
      const actor: Actor = {
        clinicId: named.clinicId,
        userId: null,
        // "the owner", not their name: the entry is the owner's own (its entity), and an erasure blanks values, not actors
        userName: translate(pickLanguage([named.clinicLanguage]), 'ownerByUnsubscribeLink'),
      };
      await changeOwner(tx, actor, owner, {
        name: owner.name,
        phone: owner.phone,
        email: owner.email,
        language: owner.language,
        remindersByEmail: false,
        notes: owner.notes,
      });
      return false;
    });
    // the clinic's cached lists (the reminders workbench shows who opted out)
    markChanged(request, alreadyUnsubscribed ? [] : [cacheTag.clinic(named.clinicId)]);
    return { clinicName: named.clinicName, alreadyUnsubscribed };
  });
}
