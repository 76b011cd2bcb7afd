// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isoDateOf } from '#server/clinic-import/import-rows';
import { fieldOfHeader, foldWord, genderOf, yesNoOf } from '#server/clinic-import/import-vocabulary';
import { ownerKeys } from '#server/clinic-import/import-writes';

describe('the values an import reads', () => {
  it('reads yyyy-mm-dd and dd/mm/yyyy (also d/m/yyyy, dd.mm.yyyy); anything else is left for the form to refuse', () => {
    expect(isoDateOf('2019-04-02')).toBe('2019-04-02');
    expect(isoDateOf('2019-4-2')).toBe('2019-04-02');
    expect(isoDateOf('31/12/2018')).toBe('2018-12-31');
    expect(isoDateOf('3/4/2018')).toBe('2018-04-03');
    expect(isoDateOf('03.04.2018')).toBe('2018-04-03');
    expect(isoDateOf('April 3, 2018')).toBe('April 3, 2018');
  });

  it('folds accents, case and punctuation', () => {
    expect(foldWord('  Teléfono  del DUEÑO ')).toBe('telefono del dueno');
    expect(foldWord('Owner e-mail')).toBe('owner e mail');
  });

  it('maps headers of the export and the form in any shipped language', () => {
    expect(fieldOfHeader('Owner e-mail')).toBe('ownerEmail');
    expect(fieldOfHeader('Owner Email')).toBe('ownerEmail');
    expect(fieldOfHeader('Nombre del dueño')).toBe('ownerName');
    expect(fieldOfHeader('ownerPhoneForVet')).toBe('ownerPhone');
    // a clinic's own short headers, in any shipped language
    expect(fieldOfHeader('Nombre')).toBe('petName');
    expect(fieldOfHeader('Tipo')).toBe('petType');
    expect(fieldOfHeader('Dueño')).toBe('ownerName');
    expect(fieldOfHeader('Teléfono')).toBe('ownerPhone');
    expect(fieldOfHeader('Besitzer')).toBe('ownerName');
    expect(fieldOfHeader('电话')).toBe('ownerPhone');
    expect(fieldOfHeader('Age (years)')).toBeNull();
  });

  it('reads gender and yes / no in any shipped language', () => {
    expect(genderOf('Hembra')).toBe(2);
    expect(genderOf('m')).toBe(1);
    expect(genderOf('maybe')).toBeUndefined();
    expect(yesNoOf('Sí')).toBe(true);
    expect(yesNoOf('nein')).toBe(false);
    expect(yesNoOf('')).toBeNull();
    expect(yesNoOf('perhaps')).toBeUndefined();
  });

  it('matches an owner by e-mail (case aside) and by phone digits with the folded name', () => {
    expect(ownerKeys('Inês Brandão', '+351 239-539 317', ' Ines@Example.org ')).toEqual([
      'e:ines@example.org',
      'p:351239539317\nines brandao',
    ]);
    expect(ownerKeys('Ann', '0044 20 7946', null)).toEqual(['p:44207946\nann']);
  });
});
