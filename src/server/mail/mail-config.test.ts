// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';
import { retryDelayMs } from '#server/mail/outbox';
import { describeSmtpUrl } from '#server/mail/transport';

describe('e-mail configuration', () => {
  it('defaults to .eml files under DATA_DIR/outbox', () => {
    const c = loadConfig({ DATA_DIR: '/srv/pawtal' });
    expect(c.smtpUrl).toBeNull();
    expect(c.outboxDir).toBe('/srv/pawtal/outbox');
    expect(c.mailFrom).toBe('Pawtal <no-reply@pawtal.example>');
    expect(c.sightingEmailIntervalMinutes).toBe(10);
  });

  it('takes smtp:// and smtps:// URLs with credentials and a MAIL_FROM with or without a name', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(loadConfig({ MAIL_FROM: 'alerts@pawtal.example' }).mailFrom).toBe('alerts@pawtal.example');
    expect(loadConfig({ MAIL_FROM: 'Pawtal Alerts <alerts@pawtal.example>' }).mailFrom).toBe(
      'Pawtal Alerts <alerts@pawtal.example>',
    );
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'Pawtal <nobody>' }, /MAIL_FROM must be an e-mail address/],
    [{ MAIL_POLL_MS: '10' }, /MAIL_POLL_MS must be between/],
    [{ MAIL_MAX_ATTEMPTS: 'many' }, /MAIL_MAX_ATTEMPTS must be a whole number/],
    [{ SIGHTING_EMAIL_INTERVAL_MINUTES: '-1' }, /SIGHTING_EMAIL_INTERVAL_MINUTES must be a whole number/],
  ])('stops the start on a bad value: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never logs the SMTP password', () => {
    expect(describeSmtpUrl('smtp://user:secret@mail.example.com:587')).toBe('smtp://user:***@mail.example.com:587');
  });

  it('doubles the wait after each failed attempt, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 30_000)).toBe(60 * 60 * 1000);
  });
});
