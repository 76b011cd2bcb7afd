// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages';
import { serverMessage } from '#server/http/messages';
import { UserError } from '#server/http/errors';

const read = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join('locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  const en = read('en', 'server') as Record<string, string>;

  for (const lang of LANGUAGES.map((l) => l.code).filter((code) => code !== 'en')) {
    it(`every message has a real ${lang} translation with the same parameters`, () => {
      const other = read(lang, 'server') as Record<string, string>;
      for (const [key, text] of Object.entries(en)) {
        expect(other[key], `${lang} ${key}`).toEqual(expect.any(String));
        expect(other[key].trim(), `${lang} ${key} is empty`).not.toBe('');
        expect(other[key], `${lang} ${key} is still English`).not.toBe(text);
        expect(placeholders(other[key]), `${lang} ${key} parameters`).toEqual(placeholders(text));
      }
    });
  }

  it('answers in the asked language, English for a language without the message', () => {
    expect(serverMessage('petNotFound', 'en')).toBe('Pet not found.');
    expect(serverMessage('petNotFound', 'es')).toBe('No se encontró la mascota.');
    expect(serverMessage('tooManyFiles', 'ar', { max: 3 })).toContain('3');
    expect(serverMessage('portal:validation.petNameRequired', 'es')).toBe(
      read('es', 'portal').validation && (read('es', 'portal').validation as Record<string, string>).petNameRequired,
    );
  });

  it('fills a list of rule keys in the sentence, in the language', () => {
    const rules = { keys: ['account:password.rules.uppercase', 'account:password.rules.digit'] };
    expect(serverMessage('passwordRules', 'en', { rules })).toBe(
      'The password must contain at least one uppercase letter, at least one digit.',
    );
    expect(serverMessage('passwordRules', 'es', { rules })).not.toContain('uppercase');
    expect(serverMessage('passwordRules', 'de', { rules })).toBe(
      'Das Passwort erfüllt diese Anforderungen nicht: mindestens ein Großbuchstabe, mindestens eine Ziffer.',
    );
    expect(serverMessage('passwordRules', 'tr', { rules })).toBe(
      'Şifre şunları içermelidir: en az bir büyük harf, en az bir rakam.',
    );
  });

  it("speaks through the one i18next instance: plurals, and numbers in the app's digit style", () => {
    expect(serverMessage('common:age', 'en', { count: 1 })).toBe('1 year');
    expect(serverMessage('common:age', 'en', { count: 1234 })).toBe('1,234 years');
    // Arabic has six plural forms; its numbers keep Latin digits (docs/decisions/0108)
    expect(serverMessage('common:age', 'ar', { count: 2 })).toBe('سنتان');
    expect(serverMessage('common:age', 'ar', { count: 1234 })).toMatch(/1,234/);
  });

  it('fills a value as it is, never as a template', () => {
    expect(serverMessage('textTooLong', 'en', { field: '$t(petNotFound) {{field}}' })).toBe(
      'Invalid value ($t(petNotFound) {{field}}): the text is too long.',
    );
    expect(serverMessage('tooManyFiles', 'en', { context: 'x', lng: 'es', max: 3 })).toBe(
      'At most 3 images can be sent at once.',
    );
  });

  it('keeps the English text in the error for logs', () => {
    const error = new UserError('visitNotFound');
    expect(error.message).toBe('Visit not found');
    expect(error.messageKey).toBe('visitNotFound');
  });
});
