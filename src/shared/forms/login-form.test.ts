import { describe, expect, it } from 'vitest';
import { loginFormSchema } from '#shared/forms/login-form';

describe('loginFormSchema', () => {
  it('requires a username (blank counts as none) and a password, and trims the username only', async () => {
    await expect(loginFormSchema.validate({ username: '  ', password: 'x' })).rejects.toThrow('login.usernameRequired');
    await expect(loginFormSchema.validate({ username: 'demo.clinic', password: '' })).rejects.toThrow(
      'login.passwordRequired',
    );
    expect(await loginFormSchema.validate({ username: ' demo.clinic ', password: ' pass ' })).toEqual({
      username: 'demo.clinic',
      password: ' pass ',
    });
  });
});
