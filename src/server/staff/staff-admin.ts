import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { StaffReset, StaffResult } from '#shared/contract/staff';
import { isStaffRole, type StaffRole } from '#shared/staff-roles';
import type { LanguageCode } from '#shared/languages';
import type { Actor } from '#server/auth/acting-user';
import { refreshSessions, revokeSessionsOf } from '#server/auth/clinic-session';
import type { Db } from '#server/db/client';
import { clinicUsers, clinics } from '#server/db/schema';
import { writeStaffHistory } from '#server/history/staff-history';
import { UserError } from '#server/http/errors';
import { recipientAllowanceLeft, type RecipientCap } from '#server/mail/outbox';
import { deliverableAddress } from '#shared/email-address';
import { queueStaffMail } from '#server/staff/staff-mail';

/** The cap on staff e-mails to one address a day, per clinic (an invitation sent again, reset links). */
export const staffMailCap = (clinicId: number, perDay: number): RecipientCap => ({
  sender: `staff:${clinicId}`,
  perDay,
});

/** Everyone on the clinic's staff (active, deactivated, invited), by id, and the clinic's two-factor rule. */
export async function listStaff(db: Db, clinicId: number): Promise<StaffResult> {
  const [rows, [clinic]] = await Promise.all([
    db
      .select({
        ID: clinicUsers.id,
        Name: clinicUsers.name,
        role: clinicUsers.role,
        email: clinicUsers.email,
        active: clinicUsers.active,
        twoFactor: sql<boolean>`${clinicUsers.totpSecret} is not null`,
        lastSignInAt: clinicUsers.lastSignInAt,
        invited: clinicUsers.invitePending,
      })
      .from(clinicUsers)
      .where(eq(clinicUsers.clinicId, clinicId))
      .orderBy(asc(clinicUsers.id)),
    db.select({ requireTwoFactor: clinics.requireTwoFactor }).from(clinics).where(eq(clinics.id, clinicId)),
  ]);
  return {
    staff: rows.flatMap((r) =>
      isStaffRole(r.role) ? [{ ...r, role: r.role, lastSignInAt: r.lastSignInAt?.toISOString() ?? null }] : [],
    ),
    requireTwoFactor: clinic?.requireTwoFactor ?? false,
  };
}

/** The clinic's row locked: staff changes of one clinic happen one at a time (the last-administrator rule). */
async function lockClinic(tx: Db, clinicId: number): Promise<void> {
  await tx.execute(sql`select id from ${clinics} where ${clinics.id} = ${clinicId} for update`);
}

/**
 * Invites a person (issue 31): a staff row without a username, its history entry and the e-mail with a one-time link
 * in one transaction. The e-mail is in the inviter's language (the person's is not known yet). An address already
 * invited gets a new e-mail (name and role as now given); an address of someone on the staff is refused: the admin
 * sees the staff list anyway, and nothing is told of other clinics.
 */
export async function inviteStaff(
  db: Db,
  actor: Actor,
  body: { name: string; email: string; role: StaffRole },
  language: LanguageCode,
  cap: RecipientCap,
): Promise<void> {
  const name = body.name.trim();
  if (name === '' || name.length > 120) throw new UserError('staff:validation.nameRequired');
  const email = deliverableAddress(body.email);
  if (!email) throw new UserError('staff:validation.emailInvalid');
  await db.transaction(async (tx) => {
    await lockClinic(tx, actor.clinicId);
    const [known] = await tx
      .select({ id: clinicUsers.id, invitePending: clinicUsers.invitePending, active: clinicUsers.active })
      .from(clinicUsers)
      .where(and(eq(clinicUsers.clinicId, actor.clinicId), eq(sql`lower(${clinicUsers.email})`, email.toLowerCase())))
      .orderBy(asc(clinicUsers.id))
      .limit(1);
    if (known && !known.invitePending) throw new UserError('staffEmailTaken');
    let userId: number;
    if (known) {
      userId = known.id;
      await tx
        .update(clinicUsers)
        .set({ name, role: body.role, active: true, language })
        .where(eq(clinicUsers.id, userId));
    } else {
      const [created] = await tx
        .insert(clinicUsers)
        .values({ clinicId: actor.clinicId, name, role: body.role, email, language, invitePending: true })
        .returning({ id: clinicUsers.id });
      userId = created.id;
    }
    await writeStaffHistory(tx, actor, {
      entity: 'staff',
      entityId: userId,
      action: known ? 'change' : 'create',
      changes: [
        { field: 'name', from: null, to: name },
        { field: 'role', from: null, to: body.role },
        { field: 'invitation', from: null, to: 'sent' },
      ],
    });
    const queued = await queueStaffMail(tx, { userId, email, language }, 'invite', actor.userName, cap);
    if (queued === 'overDailyLimit') throw new UserError('staffMailLimit');
  });
}

/** A person of the clinic, or the missing-staff answer. */
async function staffMember(db: Db, clinicId: number, userId: number) {
  const [row] = await db
    .select({
      id: clinicUsers.id,
      name: clinicUsers.name,
      role: clinicUsers.role,
      active: clinicUsers.active,
      invitePending: clinicUsers.invitePending,
      email: clinicUsers.email,
      language: clinicUsers.language,
    })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.id, userId), eq(clinicUsers.clinicId, clinicId)))
    .limit(1);
  if (!row) throw new UserError('staffNotFound');
  return row;
}

/**
 * Changes a person's role and whether they are active (issue 31). The clinic always keeps an active administrator.
 * Deactivating ends that person's sessions at once and keeps their name in history; a new role holds from their
 * next call.
 */
export async function updateStaff(
  app: FastifyInstance,
  actor: Actor,
  body: { userId: number; role: StaffRole; active: boolean },
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockClinic(tx, actor.clinicId);
    const before = await staffMember(tx, actor.clinicId, body.userId);
    await tx.update(clinicUsers).set({ role: body.role, active: body.active }).where(eq(clinicUsers.id, body.userId));
    const [admins] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clinicUsers)
      .where(
        and(
          eq(clinicUsers.clinicId, actor.clinicId),
          eq(clinicUsers.role, 'admin'),
          eq(clinicUsers.active, true),
          eq(clinicUsers.invitePending, false),
        ),
      );
    if ((admins?.count ?? 0) < 1) throw new UserError('lastAdmin');
    const changes = [
      ...(before.role !== body.role ? [{ field: 'role', from: before.role, to: body.role }] : []),
      ...(before.active !== body.active ? [{ field: 'active', from: before.active, to: body.active }] : []),
    ];
    if (changes.length > 0)
      await writeStaffHistory(tx, actor, { entity: 'staff', entityId: body.userId, action: 'change', changes });
  });
  if (!body.active) await revokeSessionsOf(app, app.db, body.userId);
  else await refreshSessions(app, { userId: body.userId });
}

/** An admin e-mails a person a link to set a new password or PIN (issue 31), with its history entry. */
export async function sendStaffReset(
  db: Db,
  actor: Actor,
  body: { userId: number; reset: StaffReset },
  cap: RecipientCap,
): Promise<void> {
  await db.transaction(async (tx) => {
    const person = await staffMember(tx, actor.clinicId, body.userId);
    if (!person.active) throw new UserError('staffNotFound');
    if (person.invitePending) throw new UserError('staffInvitePending');
    if (!deliverableAddress(person.email)) throw new UserError('staffNoEmail');
    await writeStaffHistory(tx, actor, {
      entity: 'staff',
      entityId: person.id,
      action: 'change',
      changes: [{ field: body.reset, from: null, to: 'linkSent' }],
    });
    const queued = await queueStaffMail(
      tx,
      { userId: person.id, email: person.email, language: person.language },
      body.reset,
      actor.userName,
      cap,
    );
    if (queued === 'overDailyLimit') throw new UserError('staffMailLimit');
  });
}

/** The clinic's settings an admin changes here: two-factor sign-in for everyone (issue 31). */
export async function saveClinicSettings(
  app: FastifyInstance,
  actor: Actor,
  body: { requireTwoFactor: boolean },
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ requireTwoFactor: clinics.requireTwoFactor })
      .from(clinics)
      .where(eq(clinics.id, actor.clinicId))
      .for('update');
    if (!before || before.requireTwoFactor === body.requireTwoFactor) return;
    // The admin who requires it has it: else the rule would shut them out of the setting that lifts it.
    if (body.requireTwoFactor) {
      const [me] = await tx
        .select({ on: sql<boolean>`${clinicUsers.totpSecret} is not null` })
        .from(clinicUsers)
        .where(eq(clinicUsers.id, actor.userId ?? 0));
      if (!me?.on) throw new UserError('twoFactorFirst');
    }
    await tx.update(clinics).set({ requireTwoFactor: body.requireTwoFactor }).where(eq(clinics.id, actor.clinicId));
    await writeStaffHistory(tx, actor, {
      entity: 'clinic',
      entityId: actor.clinicId,
      action: 'change',
      changes: [{ field: 'requireTwoFactor', from: before.requireTwoFactor, to: body.requireTwoFactor }],
    });
  });
  await refreshSessions(app, { clinicId: actor.clinicId });
}

/**
 * "Forgot your password?" (issue 31): a reset link to every active person with this address who signs in, at most
 * `perDay` a day to one address. The caller answers alike whether or not anyone has it (no account enumeration).
 */
export async function requestStaffReset(db: Db, rawEmail: string, perDay: number): Promise<void> {
  const email = deliverableAddress(rawEmail);
  // not an address at all (a number, a word) is refused; an address nobody has answers alike (no enumeration)
  if (!email) throw new UserError('staff:validation.emailInvalid');
  const people = await db
    .select({
      id: clinicUsers.id,
      email: clinicUsers.email,
      language: clinicUsers.language,
      clinicId: clinicUsers.clinicId,
    })
    .from(clinicUsers)
    .where(
      and(
        eq(sql`lower(${clinicUsers.email})`, email.toLowerCase()),
        eq(clinicUsers.active, true),
        eq(clinicUsers.invitePending, false),
        ne(clinicUsers.email, ''),
      ),
    );
  for (const person of people) {
    const cap = staffMailCap(person.clinicId, perDay);
    // over the day's cap: nothing is sent, and the history says nothing either
    if ((await recipientAllowanceLeft(db, cap, person.email)) === 0) continue;
    await db.transaction(async (tx) => {
      await writeStaffHistory(
        tx,
        { clinicId: person.clinicId, userId: null, userName: '' },
        {
          entity: 'staff',
          entityId: person.id,
          action: 'change',
          changes: [{ field: 'password', from: null, to: 'linkRequested' }],
        },
      );
      await queueStaffMail(
        tx,
        { userId: person.id, email: person.email, language: person.language },
        'password',
        '',
        cap,
      );
    });
  }
}
