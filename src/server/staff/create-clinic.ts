import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { pickLanguage } from '#shared/languages';
import type { Db } from '#server/db/client';
import { clinicUsers, clinics, recoveryCodes } from '#server/db/schema';
import { writeStaffHistory } from '#server/history/staff-history';
import { deliverableAddress } from '#shared/email-address';
import { staffMailCap } from '#server/staff/staff-admin';
import { issueStaffLink, LINK_PAGES } from '#server/staff/staff-links';
import { queueStaffMail } from '#server/staff/staff-mail';

/** A clinic as the command line creates it (issue 31, item 6). */
export interface NewClinic {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  /** the first administrator's name; by default the e-mail's local part */
  adminName?: string;
  /** the invitation's language (en by default) */
  language?: string;
}

/** A bad value of the command line: its message is printed as it is. */
export class ClinicInputError extends Error {}

/**
 * Creates a clinic and invites its first administrator, in one transaction: the clinic (its SPEC.md clinic account
 * has a name no person can type and no password that verifies: people sign in as themselves), the administrator as
 * an invited person, the history entry, and the invitation e-mail (queued; sent by a running server's worker).
 * Answers the ids and a link of its own for the command line to print.
 */
export async function createClinic(
  db: Db,
  input: NewClinic,
  publicUrl: string,
  mailPerDay: number,
): Promise<{ clinicId: number; userId: number; link: string }> {
  const name = input.name.trim();
  if (name === '' || name.length > 200)
    throw new ClinicInputError('--name must name the clinic (at most 200 characters)');
  const email = deliverableAddress(input.email);
  if (!email) throw new ClinicInputError('--email must be one e-mail address');
  const adminName = (input.adminName ?? email.split('@')[0]).trim() || email;
  const language = pickLanguage([input.language ?? 'en']);
  return db.transaction(async (tx) => {
    const [clinic] = await tx
      .insert(clinics)
      .values({
        name,
        username: `#clinic-${crypto.randomUUID()}`,
        passwordHash: '!',
        phone: input.phone?.trim() ?? '',
        address: input.address?.trim() ?? '',
      })
      .returning({ id: clinics.id });
    const [admin] = await tx
      .insert(clinicUsers)
      .values({ clinicId: clinic.id, name: adminName, role: 'admin', email, language, invitePending: true })
      .returning({ id: clinicUsers.id });
    await writeStaffHistory(
      tx,
      { clinicId: clinic.id, userId: null, userName: '' },
      {
        entity: 'staff',
        entityId: admin.id,
        action: 'create',
        changes: [
          { field: 'name', from: null, to: adminName },
          { field: 'role', from: null, to: 'admin' },
          { field: 'invitation', from: null, to: 'sent' },
        ],
      },
    );
    await queueStaffMail(tx, { userId: admin.id, email, language }, 'invite', '', staffMailCap(clinic.id, mailPerDay));
    const token = await issueStaffLink(tx, admin.id, 'invite');
    return { clinicId: clinic.id, userId: admin.id, link: `${publicUrl}${LINK_PAGES.invite}?token=${token}` };
  });
}

/**
 * Turns a person's two-factor sign-in off (an administrator who lost their phone and their recovery codes), with a
 * history entry; their sessions stay. Answers whether it was on.
 */
export async function resetTwoFactor(db: Db, username: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: clinicUsers.id, clinicId: clinicUsers.clinicId })
      .from(clinicUsers)
      .where(
        and(
          eq(sql`lower(${clinicUsers.username})`, username.trim().toLowerCase()),
          sql`${clinicUsers.totpSecret} is not null`,
        ),
      );
    if (!person) return false;
    await tx
      .update(clinicUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(clinicUsers.id, person.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
    await writeStaffHistory(
      tx,
      { clinicId: person.clinicId, userId: null, userName: '' },
      {
        entity: 'staff',
        entityId: person.id,
        action: 'change',
        changes: [{ field: 'twoFactor', from: true, to: false }],
      },
    );
    return true;
  });
}
