import { describe, expect, it } from 'vitest';
import { languageCode } from '#client/components/i18n/language';

describe('languageCode', () => {
  it('trims a region and falls back to English', () => {
    expect(languageCode('es-MX')).toBe('es');
    expect(languageCode('ar')).toBe('ar');
    expect(languageCode('en-US')).toBe('en');
    expect(languageCode('fr-CA')).toBe('fr');
    expect(languageCode('ru')).toBe('en');
    expect(languageCode(undefined)).toBe('en');
  });
});
