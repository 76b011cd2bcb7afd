// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { pageI18n } from '#client/app/server-translations';

async function shared() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'es',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'pets'],
    interpolation: { escapeValue: false },
    resources: {
      en: {
        common: { only: 'English only', hello: 'Hello {{name}}' },
        pets: { age_one: '{{count}} year', age_other: '{{count}} years' },
      },
      es: {
        common: { hello: 'Hola {{name}}', title: 'Mascotas' },
        pets: { age_one: '{{count}} año', age_other: '{{count}} años' },
      },
    },
  });
  return i18n;
}

describe('pageI18n', () => {
  it("translates as i18next's fixed t does, with and without options", async () => {
    const i18n = await shared();
    const page = pageI18n(i18n);
    for (const [ns, keyPrefix] of [
      ['common', undefined],
      ['pets', undefined],
    ] as const) {
      const fast = page.getFixedT('es', ns, keyPrefix);
      const slow = i18n.getFixedT('es', ns, keyPrefix);
      for (let round = 0; round < 2; round++) {
        for (const key of ['title', 'only', 'missing.key', 'hello', 'pets:age', 'common:title'])
          expect(fast(key), key).toBe(slow(key));
        expect(fast('hello', { name: 'Rex' })).toBe(slow('hello', { name: 'Rex' }));
        expect(fast('pets:age', { count: 1 })).toBe(slow('pets:age', { count: 1 }));
        expect(fast('age', { count: 3, ns: 'pets' })).toBe(slow('age', { count: 3, ns: 'pets' }));
      }
    }
  });

  it("gives every page of a language the same fixed t, and keeps each page's namespaces its own", async () => {
    const i18n = await shared();
    const first = pageI18n(i18n);
    const second = pageI18n(i18n);
    expect(first.getFixedT('es', 'common')).toBe(second.getFixedT('es', 'common'));
    expect(first.getFixedT('es', 'common')).not.toBe(first.getFixedT('en', 'common'));
    first.reportNamespaces = { addUsedNamespaces: () => undefined, getUsedNamespaces: () => ['pets'] };
    expect(second.reportNamespaces).toBeUndefined();
    expect('reportNamespaces' in i18n && i18n.reportNamespaces).toBeFalsy();
  });
});
