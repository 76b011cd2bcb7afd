import { and, asc, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import type { VetLoginAnswer } from '#shared/contract/vet';
import { clinicUsers, recordHistory } from '#server/db/schema';
import { describeOnBothDatabases } from '#tests/support/databases';
import { injectApi } from '#tests/support/api-client';
import { TestSmtpServer, waitFor } from '#tests/support/smtp-test-server';
import { DEMO_CLINIC, DEMO_PASSWORD, loginClinic, OTHER_CLINIC, sessionOf } from '#tests/support/vet-session';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const NEW_PASSWORD = 'Fresh!Pass9';
/** A code of the app at `stepsAhead` 30-second steps from now. */
/** The code of the 30-second step `stepsAhead` after the one `at` falls in. */
const codeOf = (secret: string, stepsAhead = 0, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at + stepsAhead * 30_000 });

/**
 * Issue 31 on both databases: a write's attribution after a verified switch and after a refused one; invite →
 * accept → sign in → the history names the person; deactivation ends sessions at once; two-factor with codes
 * computed here from the secret, each accepted once; a recovery code works once; a revoked session gets 401; the
 * clinic's two-factor rule; answers alike for unknown addresses.
 */
describeOnBothDatabases(
  'Staff who sign in as themselves',
  (ctx) => {
    const api = injectApi(() => ctx().app);
    let demo = '';
    let staff: { id: number; name: string; username: string | null }[] = [];
    const byName = (username: string) => staff.find((s) => s.username === username)!;

    beforeAll(async () => {
      demo = await loginClinic(ctx().app, DEMO_CLINIC);
      staff = await ctx()
        .db.select({ id: clinicUsers.id, name: clinicUsers.name, username: clinicUsers.username })
        .from(clinicUsers)
        .orderBy(asc(clinicUsers.id));
    });
    beforeEach(() => smtp.clear());

    const login = (username: string, password = DEMO_PASSWORD) =>
      api.envelope.post(API.vetLogin, { username, password });
    const petForm = (petName: string) => ({
      petName,
      petTypeId: 1,
      petBreedId: 1,
      ownerNameForVet: 'Rita Owner',
      ownerPhoneForVet: '+1 555 0100 777',
      petGenderId: 2,
      petDateOfBirth: '2019-02-03',
    });
    /** Creates a pet with `token` and answers who the history names for it. */
    async function petAuthor(token: string, petName: string): Promise<string> {
      const created = await api.envelope.postForm(API.createVetPet, petForm(petName), [], { token });
      expect(created.result, created.message).toBe(1);
      const history = await api.envelope.get(
        API.vetPetHistory,
        { petProfileId: created.data.petProfileId, offset: 1, limit: 4 },
        { token },
      );
      return history.data.entries[0].userName;
    }
    /** The link of the latest staff e-mail to `to`. */
    async function mailedLink(to: string): Promise<string> {
      await ctx().app.mail.drain();
      await waitFor(() => smtp.received.some((m) => m.envelopeTo.includes(to)), 10_000, `an e-mail to ${to}`);
      const mail = smtp.received.filter((m) => m.envelopeTo.includes(to)).at(-1)!.mail;
      const link = /https?:\/\/\S+?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      if (!link) throw new Error('no link in the e-mail');
      return link;
    }
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

    it('clinic accounts sign in as their first administrator, the first of users[], with roles and currentUserId', async () => {
      const demoLogin = sessionOf((await login(DEMO_CLINIC)).data);
      expect(demoLogin.users[0]).toMatchObject({ Name: 'Dr. Amelia Hart', Role: 'admin' });
      expect(demoLogin.currentUserId).toBe(demoLogin.users[0].ID);
      expect(demoLogin.users.map((u) => u.Role).sort()).toEqual(['admin', 'nurse', 'reception', 'vet']);
      const otherLogin = sessionOf((await login(OTHER_CLINIC)).data);
      expect(otherLogin.users[0]).toMatchObject({ Name: 'Dr. Kenji Sato', Role: 'admin' });
      const omar = sessionOf((await login('Omar.Haddad')).data);
      expect(omar.users.find((u) => u.ID === omar.currentUserId)?.Name).toBe('Dr. Omar Haddad');
      // Unknown usernames and wrong passwords answer alike.
      expect(await login('nobody.here', 'Wrong!Pass1')).toEqual(await login('omar.haddad', 'Wrong!Pass1'));
    });

    it('a write is attributed to the verified person: after a PIN switch, and not after a refused one', async () => {
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      const omar = byName('omar.haddad');
      const refused = await api.envelope.post(API.switchUser, { userId: omar.id, pin: '0000' }, { token });
      expect(refused).toEqual({ result: 0, message: 'Wrong PIN.', data: null });
      expect(await petAuthor(token, 'After refused switch')).toBe('Dr. Amelia Hart');
      // Naming Omar in the header without his PIN is refused, and writes nothing.
      const header = await api.postForm(API.createVetPet, petForm('Header only'), [], { token, actingUserId: omar.id });
      expect(header.statusCode).toBe(403);
      const switched = await api.envelope.post(API.switchUser, { userId: omar.id, pin: '1357' }, { token });
      expect(switched).toMatchObject({ result: 1, data: { currentUserId: omar.id } });
      expect(await petAuthor(token, 'After verified switch')).toBe('Dr. Omar Haddad');
      // The session has Omar's role now (a vet may not delete pets), and names him in the header without a 403.
      expect((await api.post(API.deleteVetPet, { petId: 1 }, { token, actingUserId: omar.id })).statusCode).toBe(403);
      expect((await api.get(API.vetPets, { offset: 1, limit: 4 }, { token, actingUserId: omar.id })).statusCode).toBe(
        200,
      );
      // Another clinic's person cannot be switched to, whatever their PIN.
      const kenji = byName('kenji.sato');
      expect((await api.envelope.post(API.switchUser, { userId: kenji.id, pin: '4321' }, { token })).message).toBe(
        'Wrong PIN.',
      );
    });

    it('invite → accept → sign in → the history names the person; the link works once', async () => {
      const invited = await api.envelope.post(
        API.inviteStaff,
        { name: 'Nina Park', email: 'nina.park@example.org', role: 'vet' },
        { token: demo },
      );
      expect(invited).toEqual({ result: 1, message: '', data: null });
      const link = await mailedLink('nina.park@example.org');
      expect(link).toMatch(/^http:\/\/pawtal\.test\/AcceptStaffInvite\?token=/);
      const token = tokenOf(link);
      expect((await api.envelope.post(API.checkStaffLink, { token })).data).toEqual({
        kind: 'invite',
        name: 'Nina Park',
        clinicName: 'Demo Clinic',
      });
      const taken = await api.envelope.post(API.acceptStaffInvite, {
        token,
        username: 'omar.haddad',
        password: NEW_PASSWORD,
        pin: '4455',
      });
      expect(taken.message).toBe('This username is taken. Please choose another one.');
      const weak = await api.envelope.post(API.acceptStaffInvite, {
        token,
        username: 'nina',
        password: 'short',
        pin: '4455',
      });
      expect(weak.result).toBe(0);
      const accepted = await api.envelope.post(API.acceptStaffInvite, {
        token,
        username: 'nina.park',
        password: NEW_PASSWORD,
        pin: '4455',
      });
      expect(accepted.result, accepted.message).toBe(1);
      expect(
        (
          await api.envelope.post(API.acceptStaffInvite, {
            token,
            username: 'nina2',
            password: NEW_PASSWORD,
            pin: '4455',
          })
        ).message,
      ).toBe('This link is invalid or has expired. Please ask an administrator of your clinic for a new one.');
      const session = sessionOf((await login('nina.park', NEW_PASSWORD)).data);
      expect(session.users.find((u) => u.ID === session.currentUserId)).toMatchObject({
        Name: 'Nina Park',
        Role: 'vet',
      });
      expect(await petAuthor(session.token, 'Nina’s first patient')).toBe('Nina Park');
      const listed = (await api.envelope.get(API.staff, undefined, { token: demo })).data.staff.find(
        (s) => s.Name === 'Nina Park',
      );
      expect(listed).toMatchObject({ role: 'vet', email: 'nina.park@example.org', active: true, invited: false });
      expect(listed?.lastSignInAt).not.toBeNull();
      // The clinic's history has the invitation (by Amelia) and the acceptance (by Nina).
      const entries = await ctx()
        .db.select({ userName: recordHistory.userName, changes: recordHistory.changes })
        .from(recordHistory)
        .where(and(eq(recordHistory.entity, 'staff'), eq(recordHistory.entityId, listed!.ID)));
      expect(entries.map((e) => e.userName)).toEqual(['Dr. Amelia Hart', 'Nina Park']);
    });

    it('deactivation ends that person’s sessions at once and keeps their name in history', async () => {
      await api.envelope.post(
        API.inviteStaff,
        { name: 'Leo Grant', email: 'leo.grant@example.org', role: 'nurse' },
        { token: demo },
      );
      const token = tokenOf(await mailedLink('leo.grant@example.org'));
      await api.envelope.post(API.acceptStaffInvite, {
        token,
        username: 'leo.grant',
        password: NEW_PASSWORD,
        pin: '8642',
      });
      const leo = sessionOf((await login('leo.grant', NEW_PASSWORD)).data);
      expect(await petAuthor(leo.token, 'Leo’s patient')).toBe('Leo Grant');
      const done = await api.envelope.post(
        API.updateStaff,
        { userId: leo.currentUserId, role: 'nurse', active: false },
        { token: demo },
      );
      expect(done.result, done.message).toBe(1);
      expect((await api.get(API.vetPets, { offset: 1, limit: 4 }, { token: leo.token })).statusCode).toBe(401);
      expect((await login('leo.grant', NEW_PASSWORD)).message).toBe('Invalid username or password.');
      const pets = await api.envelope.get(
        API.vetPets,
        { offset: 1, limit: 4, searchTerm: 'Leo’s patient' },
        { token: demo },
      );
      const history = await api.envelope.get(
        API.vetPetHistory,
        { petProfileId: pets.data.pets[0].ID, offset: 1, limit: 4 },
        { token: demo },
      );
      expect(history.data.entries[0].userName).toBe('Leo Grant');
      expect(sessionOf((await login(DEMO_CLINIC)).data).users.some((u) => u.Name === 'Leo Grant')).toBe(false);
    });

    it('keeps an active administrator', async () => {
      const amelia = byName('amelia.hart');
      const demoted = await api.envelope.post(
        API.updateStaff,
        { userId: amelia.id, role: 'vet', active: true },
        { token: demo },
      );
      expect(demoted.message).toBe('Your clinic needs at least one active administrator.');
    });

    it('two-factor: codes from the secret, each accepted once, recovery codes once each', async () => {
      const lucia = sessionOf((await login('lucia.romero')).data);
      const started = (await api.envelope.post(API.startTwoFactor, {}, { token: lucia.token })).data;
      expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      expect(started.otpauthUrl).toContain(started.secret);
      expect((await api.envelope.post(API.confirmTwoFactor, { code: '000000' }, { token: lucia.token })).message).toBe(
        'That code is not right. Please try again.',
      );
      // The codes below are of the step the confirming code is of, and the next one: computed from one instant, so a
      // step that ends while the test runs cannot turn the spent code into a fresh one.
      const confirmedAt = Date.now();
      const confirmed = await api.envelope.post(
        API.confirmTwoFactor,
        { code: codeOf(started.secret, 0, confirmedAt) },
        { token: lucia.token },
      );
      expect(confirmed.result, confirmed.message).toBe(1);
      const recovery = confirmed.data.recoveryCodes;
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);

      const challengeOf = async () => {
        const answer: VetLoginAnswer = (await login('lucia.romero')).data;
        if (!('challenge' in answer)) throw new Error('no challenge');
        expect(answer).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
        return answer.challenge;
      };
      const first = await challengeOf();
      // The code that turned it on is spent; the next step's code is accepted, once.
      expect(
        (
          await api.envelope.post(API.vetLoginTwoFactor, {
            challenge: first,
            code: codeOf(started.secret, 0, confirmedAt),
          })
        ).result,
      ).toBe(0);
      const next = codeOf(started.secret, 1, confirmedAt);
      const signedIn = await api.envelope.post(API.vetLoginTwoFactor, { challenge: first, code: next });
      expect(sessionOf(signedIn.data).currentUserId).toBe(lucia.currentUserId);
      const again = await challengeOf();
      expect((await api.envelope.post(API.vetLoginTwoFactor, { challenge: again, code: next })).result).toBe(0);
      // A recovery code works once.
      expect(
        (await api.envelope.post(API.vetLoginTwoFactor, { challenge: again, code: recovery[0].toUpperCase() })).result,
      ).toBe(1);
      const third = await challengeOf();
      expect((await api.envelope.post(API.vetLoginTwoFactor, { challenge: third, code: recovery[0] })).message).toBe(
        'That code is not right. Please try again.',
      );
      // A used challenge is spent.
      expect((await api.envelope.post(API.vetLoginTwoFactor, { challenge: first, code: recovery[1] })).message).toBe(
        'Your sign-in took too long. Please sign in again.',
      );
      // The staff list shows it; turning it off takes a code.
      const listed = (await api.envelope.get(API.staff, undefined, { token: demo })).data.staff;
      expect(listed.find((s) => s.ID === lucia.currentUserId)?.twoFactor).toBe(true);
      expect(
        (await api.envelope.post(API.disableTwoFactor, { code: recovery[2] }, { token: lucia.token })).result,
      ).toBe(1);
      expect('token' in (await login('lucia.romero')).data).toBe(true);
    });

    it('an admin with two-factor can require it of everyone: until then others have only their own account', async () => {
      const amelia = sessionOf((await login('amelia.hart')).data);
      const refused = await api.envelope.post(
        API.saveClinicSettings,
        { requireTwoFactor: true },
        { token: amelia.token },
      );
      expect(refused.message).toBe('Turn on two-factor sign-in for yourself first (My account).');
      const { secret } = (await api.envelope.post(API.startTwoFactor, {}, { token: amelia.token })).data;
      const { recoveryCodes } = (
        await api.envelope.post(API.confirmTwoFactor, { code: codeOf(secret) }, { token: amelia.token })
      ).data;
      const omar = sessionOf((await login('omar.haddad')).data);
      expect(
        (await api.envelope.post(API.saveClinicSettings, { requireTwoFactor: true }, { token: amelia.token })).result,
      ).toBe(1);
      const blocked = await api.get(API.vetPets, { offset: 1, limit: 4 }, { token: omar.token });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(
        'Your clinic requires two-factor sign-in. Please set it up under My account to continue.',
      );
      expect((await api.get(API.sessions, undefined, { token: omar.token })).statusCode).toBe(200);
      expect(sessionOf((await login('omar.haddad')).data).twoFactorSetupRequired).toBe(true);
      expect((await api.envelope.get(API.staff, undefined, { token: amelia.token })).data.requireTwoFactor).toBe(true);
      // While it is required, nobody turns their own off.
      expect(
        (await api.envelope.post(API.disableTwoFactor, { code: recoveryCodes[0] }, { token: amelia.token })).message,
      ).toBe('Your clinic requires two-factor sign-in, so it cannot be turned off.');
      await api.envelope.post(API.saveClinicSettings, { requireTwoFactor: false }, { token: amelia.token });
      expect((await api.get(API.vetPets, { offset: 1, limit: 4 }, { token: omar.token })).statusCode).toBe(200);
      expect(
        (await api.envelope.post(API.disableTwoFactor, { code: recoveryCodes[1] }, { token: amelia.token })).result,
      ).toBe(1);
    });

    it('lists one’s own sessions; a revoked session gets 401', async () => {
      const desk = sessionOf((await login('sam.okafor')).data);
      const phone = sessionOf((await login('sam.okafor')).data);
      const listed = (
        await api.envelope.get(API.sessions, undefined, {
          token: desk.token,
          headers: { 'user-agent': 'Desk Browser' },
        })
      ).data.sessions;
      expect(listed.length).toBeGreaterThanOrEqual(2);
      expect(listed.filter((s) => s.current)).toHaveLength(1);
      const other = listed.find((s) => !s.current)!;
      // Someone else's session is not one's own to end.
      expect(
        (await api.envelope.post(API.revokeSession, { sessionId: other.sessionId }, { token: demo })).message,
      ).toBe('Session not found.');
      expect(
        (await api.envelope.post(API.revokeSession, { sessionId: other.sessionId }, { token: desk.token })).result,
      ).toBe(1);
      expect((await api.get(API.vetPets, { offset: 1, limit: 4 }, { token: phone.token })).statusCode).toBe(401);
      expect((await api.get(API.vetPets, { offset: 1, limit: 4 }, { token: desk.token })).statusCode).toBe(200);
    });

    it('changing one’s password ends one’s other sessions, not this one nor a desk switched to one by PIN', async () => {
      const omar = byName('omar.haddad');
      const here = sessionOf((await login('omar.haddad')).data);
      const elsewhere = sessionOf((await login('omar.haddad')).data);
      const desk = await loginClinic(ctx().app, DEMO_CLINIC);
      expect((await api.envelope.post(API.switchUser, { userId: omar.id, pin: '1357' }, { token: desk })).result).toBe(
        1,
      );
      const change = (currentPassword: string, newPassword: string) =>
        api.envelope.post(API.changePassword, { currentPassword, newPassword }, { token: here.token });
      expect((await change(DEMO_PASSWORD, NEW_PASSWORD)).result).toBe(1);
      try {
        const pets = (token: string) => api.get(API.vetPets, { offset: 1, limit: 4 }, { token });
        expect((await pets(elsewhere.token)).statusCode).toBe(401);
        expect((await pets(here.token)).statusCode).toBe(200);
        expect((await pets(desk)).statusCode).toBe(200);
      } finally {
        expect((await change(NEW_PASSWORD, DEMO_PASSWORD)).result).toBe(1);
      }
    });

    it('a reset link sets a new PIN; "forgot password" answers alike for unknown addresses', async () => {
      const sam = byName('sam.okafor');
      expect(
        (await api.envelope.post(API.sendStaffReset, { userId: sam.id, reset: 'pin' }, { token: demo })).result,
      ).toBe(1);
      const link = await mailedLink('sam.okafor@pawtal.example');
      expect(link).toMatch(/\/ResetStaffLogin\?token=/);
      expect((await api.envelope.post(API.resetStaffLogin, { token: tokenOf(link), pin: '7777' })).result).toBe(1);
      const token = await loginClinic(ctx().app, DEMO_CLINIC);
      expect((await api.envelope.post(API.switchUser, { userId: sam.id, pin: '7777' }, { token })).result).toBe(1);

      const known = await api.envelope.post(API.requestStaffReset, { email: 'omar.haddad@pawtal.example' });
      const unknown = await api.envelope.post(API.requestStaffReset, { email: 'nobody@pawtal.example' });
      expect(known).toEqual(unknown);
      expect(await mailedLink('omar.haddad@pawtal.example')).toMatch(/\/ResetStaffLogin\?token=/);
      const unused = await ctx()
        .db.select({ id: clinicUsers.id })
        .from(clinicUsers)
        .where(and(eq(clinicUsers.email, 'nobody@pawtal.example'), isNull(clinicUsers.username)));
      expect(unused).toEqual([]);
    });
  },
  () => ({ smtpUrl: smtp.url, mailPollMs: 60_000, mailRetryBaseMs: 20 }),
);
