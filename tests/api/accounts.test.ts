import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { TOKEN_MESSAGES } from '#shared/contract/accounts';
import { oneTimeTokens, owners, petCoOwners, petInvites, petProfiles } from '#server/db/schema';
import { verifyPassword } from '#server/auth/password';
import { issueTokenLink } from '#server/accounts/issue-demo-token';
import type { JsonPostBody, JsonPostPath } from '#shared/contract/post-calls';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases, type TestServer } from '#tests/support/databases';

async function post<P extends JsonPostPath>(s: TestServer, path: P, payload: Partial<JsonPostBody<P>>) {
  const res = await injectApi(s.app).post(path, payload);
  return { status: res.statusCode, body: res.json() };
}

async function owner(s: TestServer, username: string) {
  const [row] = await s.db.select().from(owners).where(eq(owners.username, username));
  return row;
}

describeOnBothDatabases('Account token API', (ctx) => {
  it('resets a password once with a reset token; the link names the page', async () => {
    const s = ctx();
    const issued = await issueTokenLink(s.db, s.config, { kind: 'reset' });
    expect(issued.link).toBe(`http://pawtal.test/ResetPassword?token=${issued.token}`);
    // Only the hash is stored.
    const stored = await s.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens);
    expect(stored.some((r) => r.hash === issued.token)).toBe(false);

    const first = await post(s, API.resetPassword, { newPassword: 'NewPass1!', passwordResetToken: issued.token });
    expect(first).toEqual({ status: 200, body: { result: 1, message: TOKEN_MESSAGES.passwordReset, data: null } });
    expect(await verifyPassword('NewPass1!', (await owner(s, 'demo.owner')).passwordHash)).toBe(true);

    const again = await post(s, API.resetPassword, { newPassword: 'Another1!', passwordResetToken: issued.token });
    expect(again.body).toEqual({ result: 0, message: TOKEN_MESSAGES.badResetToken, data: null });
    expect(await verifyPassword('NewPass1!', (await owner(s, 'demo.owner')).passwordHash)).toBe(true);
  });

  it("a successful reset ends every other outstanding reset link of the account, not other accounts' or other kinds", async () => {
    const s = ctx();
    const first = await issueTokenLink(s.db, s.config, { kind: 'reset' });
    const second = await issueTokenLink(s.db, s.config, { kind: 'reset' });
    const verify = await issueTokenLink(s.db, s.config, { kind: 'verify' });
    const otherOwner = await issueTokenLink(s.db, s.config, { kind: 'reset', owner: 'demo.friend' });
    expect(
      (await post(s, API.resetPassword, { newPassword: 'Reset1!one', passwordResetToken: second.token })).body.result,
    ).toBe(1);
    // The older link was sent for the same account: it must not set the password again.
    expect((await post(s, API.checkResetToken, { passwordResetToken: first.token })).body).toMatchObject({
      result: 0,
      message: TOKEN_MESSAGES.badResetToken,
    });
    expect(
      (await post(s, API.resetPassword, { newPassword: 'Reset1!two', passwordResetToken: first.token })).body,
    ).toMatchObject({ result: 0, message: TOKEN_MESSAGES.badResetToken });
    expect(await verifyPassword('Reset1!one', (await owner(s, 'demo.owner')).passwordHash)).toBe(true);
    // Links of another kind, or of another account, still work.
    expect((await post(s, API.checkResetToken, { passwordResetToken: otherOwner.token })).body.result).toBe(1);
    expect((await post(s, API.verifyEmail, { verificationToken: verify.token })).body.result).toBe(1);
  });

  it('refuses a weak password with the rule message and keeps the token usable', async () => {
    const s = ctx();
    const issued = await issueTokenLink(s.db, s.config, { kind: 'reset' });
    const weak = await post(s, API.resetPassword, { newPassword: 'password', passwordResetToken: issued.token });
    expect(weak.status).toBe(200);
    expect(weak.body.result).toBe(0);
    expect(weak.body.message).toBe(
      'The password must contain at least one uppercase letter, at least one digit, at least one special character (@ $ & ! ?).',
    );
    const noSpecial = await post(s, API.resetPassword, { newPassword: 'Password1#', passwordResetToken: issued.token });
    expect(noSpecial.body.message).toMatch(/special character/);
    const good = await post(s, API.resetPassword, { newPassword: 'Password1?', passwordResetToken: issued.token });
    expect(good.body.result).toBe(1);
  });

  it('refuses expired, unknown and other-kind tokens', async () => {
    const s = ctx();
    const expired = await issueTokenLink(s.db, s.config, { kind: 'reset', lifetimeMs: -1000 });
    expect(
      (await post(s, API.resetPassword, { newPassword: 'NewPass1!', passwordResetToken: expired.token })).body,
    ).toMatchObject({
      result: 0,
      message: TOKEN_MESSAGES.badResetToken,
    });
    expect(
      (await post(s, API.resetPassword, { newPassword: 'NewPass1!', passwordResetToken: 'made-up' })).body.result,
    ).toBe(0);
    const verify = await issueTokenLink(s.db, s.config, { kind: 'verify' });
    expect(
      (await post(s, API.resetPassword, { newPassword: 'NewPass1!', passwordResetToken: verify.token })).body.result,
    ).toBe(0);
    expect((await post(s, API.acceptPetInvite, { verificationToken: verify.token })).body.result).toBe(0);
    // The verify token was not used up by those attempts.
    expect((await post(s, API.verifyEmail, { verificationToken: verify.token })).body.result).toBe(1);
  });

  it('verifies an email address once', async () => {
    const s = ctx();
    await s.db.update(owners).set({ emailVerifiedAt: null }).where(eq(owners.username, 'demo.owner'));
    const issued = await issueTokenLink(s.db, s.config, { kind: 'verify' });
    expect(issued.link).toContain('/VerifyEmail?token=');
    const first = await post(s, API.verifyEmail, { verificationToken: issued.token });
    expect(first.body).toEqual({
      result: 1,
      message: TOKEN_MESSAGES.emailVerified,
      data: { alreadyVerified: false },
    });
    expect((await owner(s, 'demo.owner')).emailVerifiedAt).toBeInstanceOf(Date);
    // the link opened again (issue 36): already verified, not an error
    const again = await post(s, API.verifyEmail, { verificationToken: issued.token });
    expect(again.body).toEqual({ result: 1, message: TOKEN_MESSAGES.emailVerified, data: { alreadyVerified: true } });
    // a used link whose address is no longer verified (changed since) is a dead link
    await s.db.update(owners).set({ emailVerifiedAt: null }).where(eq(owners.username, 'demo.owner'));
    const stale = await post(s, API.verifyEmail, { verificationToken: issued.token });
    expect(stale.body).toEqual({ result: 0, message: TOKEN_MESSAGES.badVerifyToken, data: null });
    const expired = await issueTokenLink(s.db, s.config, { kind: 'verify', lifetimeMs: -1 });
    expect((await post(s, API.verifyEmail, { verificationToken: expired.token })).body.result).toBe(0);
  });

  it('accepts an invite to DEMO0001 once: demo.friend becomes a co-owner', async () => {
    const s = ctx();
    const issued = await issueTokenLink(s.db, s.config, { kind: 'invite' });
    expect(issued.link).toContain('/AcceptPetInvite?token=');
    const friend = await owner(s, 'demo.friend');
    const [pet] = await s.db
      .select({ id: petProfiles.id })
      .from(petProfiles)
      .where(eq(petProfiles.publicId, 'DEMO0001'));
    const coOwners = () =>
      s.db
        .select()
        .from(petCoOwners)
        .where(and(eq(petCoOwners.petProfileId, pet.id), eq(petCoOwners.ownerId, friend.id)));
    await s.db.delete(petCoOwners).where(and(eq(petCoOwners.petProfileId, pet.id), eq(petCoOwners.ownerId, friend.id)));

    const first = await post(s, API.acceptPetInvite, { verificationToken: issued.token });
    expect(first.body).toEqual({ result: 1, message: TOKEN_MESSAGES.inviteAccepted, data: null });
    expect(await coOwners()).toHaveLength(1);
    const invites = await s.db.select().from(petInvites).where(eq(petInvites.inviteeOwnerId, friend.id));
    expect(invites.some((i) => i.acceptedAt instanceof Date)).toBe(true);

    const again = await post(s, API.acceptPetInvite, { verificationToken: issued.token });
    expect(again.body).toEqual({ result: 0, message: TOKEN_MESSAGES.badInviteToken, data: null });
    const expired = await issueTokenLink(s.db, s.config, { kind: 'invite', lifetimeMs: -1 });
    expect((await post(s, API.acceptPetInvite, { verificationToken: expired.token })).body.result).toBe(0);
  });

  it('uses a token exactly once under concurrent requests', async () => {
    const s = ctx();
    const issued = await issueTokenLink(s.db, s.config, { kind: 'verify' });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => post(s, API.verifyEmail, { verificationToken: issued.token })),
    );
    expect(results.filter((r) => r.body.result === 1 && r.body.data?.alreadyVerified === false)).toHaveLength(1);
  });
});

describe('npm run token (the command-line tool)', () => {
  const TSX = path.resolve('node_modules/.bin/tsx');
  const CLI = path.resolve('src/server/cli/issue-token.ts');
  let dataDir = '';

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawtal-token-cli-'));
    fs.cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawnSync(TSX, [CLI, ...args], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://pawtal.test',
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    });

  it('prints a working page link for each kind', () => {
    const reset = run(['reset']);
    expect(reset.status).toBe(0);
    expect(reset.stdout).toMatch(
      /^reset token for demo\.owner, valid until \S+:\nhttp:\/\/pawtal\.test\/ResetPassword\?token=[\w-]{43}\n$/,
    );
    const invite = run(['invite', '--owner', 'demo.friend']);
    expect(invite.status).toBe(0);
    expect(invite.stdout).toMatch(/\/AcceptPetInvite\?token=[\w-]{43}/);
    const bad = run(['reset', '--owner', 'nobody']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('No owner with username "nobody".');
    expect(run(['oops']).stderr).toMatch(/^Usage: npm run token/);
  }, 120_000);

  it('says clearly that a running server holds the embedded database', () => {
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const locked = run(['verify']);
      expect(locked.status).toBe(1);
      expect(locked.stderr).toMatch(/open in a running Pawtal server.*Stop the server/s);
    } finally {
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  }, 60_000);
});
