import { expect, it } from 'vitest';
import { API } from '#shared/contract/paths';
import { issueTokenLink } from '#server/accounts/issue-demo-token';
import { injectApi } from '#tests/support/api-client';
import { describeOnBothDatabases } from '#tests/support/databases';

/** Issue 11, point 6: the reset page checks its link when it opens, without using it up. */
describeOnBothDatabases('checkResetToken', (ctx) => {
  const api = injectApi(() => ctx().app);
  const check = (token: string, lang?: string) =>
    api.post(API.checkResetToken, { passwordResetToken: token }, { headers: lang ? { 'accept-language': lang } : {} });

  it('says a usable token is usable, any number of times, and it still resets the password', async () => {
    const { token } = await issueTokenLink(ctx().db, ctx().config, { kind: 'reset' });
    for (let i = 0; i < 3; i++) expect((await check(token)).json()).toEqual({ result: 1, message: '', data: null });
    const reset = await api.post(API.resetPassword, { passwordResetToken: token, newPassword: 'Abcdefg1!' });
    expect(reset.json().result).toBe(1);
    // used now: the check says so, in the visitor's language
    expect((await check(token)).json()).toEqual({
      result: 0,
      message: 'This password reset link is invalid or has expired. Please request a new one.',
      data: null,
    });
    expect((await check(token, 'es')).json().message).toMatch(
      /^Este enlace para restablecer la contraseña no es válido/,
    );
  });

  it('refuses unknown tokens and tokens of another kind, and malformed bodies with 400', async () => {
    const verify = await issueTokenLink(ctx().db, ctx().config, { kind: 'verify' });
    expect((await check('not-a-real-token')).json().result).toBe(0);
    expect((await check(verify.token)).json().result).toBe(0);
    const bad = await api.post(API.checkResetToken, { passwordResetToken: 'x'.repeat(500) });
    expect(bad.statusCode).toBe(400);
  });
});
