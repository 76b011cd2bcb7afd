import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { parsePayload } from '#shared/forms/payload-form';
import {
  createVisitForm,
  createVisitSchema,
  newPictureFileIndexes,
  normaliseVisitPayload,
  parseWeight,
  saveVisitForm,
  visitFormMessageEn,
  visitPayloadSchema,
  VISIT_FORM_MESSAGES_EN,
} from '#shared/forms/visit-payload';

const parseVisitPayload = (raw: unknown) => parsePayload(saveVisitForm, raw);

const base = {
  petId: 7,
  vetVisitId: 12,
  vetUserId: 3,
  visitDate: '2026-03-05',
  notes: ' checked ',
  isFinished: false,
  weight: [],
  vaccinations: [],
  antiparasitics: [],
  consultations: [],
  pictures: [],
};

async function errorOf(raw: unknown): Promise<string> {
  try {
    await parseVisitPayload(raw);
    return '';
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as Error).message;
  }
}

describe('visit payload schema and normaliser', () => {
  it('accepts a full payload and keeps every kept row', async () => {
    const out = await parseVisitPayload({
      ...base,
      weight: [{ recordValue: '12,5', date: '', unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
      vaccinations: [{ title: 'Rabies', date: '2026-03-04', nextReminderDate: '2026-03-26' }],
      antiparasitics: [{ title: 'Flea Treatment', date: null, nextReminderDate: null }],
      consultations: [{ title: 'Limping', notes: 'left leg', date: '', nextReminderDate: null }],
      pictures: [
        { id: 40, notes: 'x-ray', imagePath: 'a.jpg', imageHostLink: 'http://x/media/' },
        { id: -1, notes: 'new', fileIndex: 0 },
      ],
    });
    expect(out).toEqual({
      petId: 7,
      vetVisitId: 12,
      vetUserId: 3,
      visitDate: '2026-03-05',
      notes: 'checked',
      isFinished: false,
      weight: [{ recordValue: 12.5, date: '2026-03-05', unitOfMeasureId: 1, unitOfMeasure: 'kg' }],
      vaccinations: [{ title: 'Rabies', date: '2026-03-04', nextReminderDate: '2026-03-26' }],
      antiparasitics: [{ title: 'Flea Treatment', date: '2026-03-05', nextReminderDate: null }],
      consultations: [{ title: 'Limping', notes: 'left leg', date: '2026-03-05', nextReminderDate: null }],
      pictures: [
        { id: 40, notes: 'x-ray', isDeleted: false },
        { id: -1, notes: 'new', isDeleted: false, fileIndex: 0 },
      ],
    });
  });

  it.each([
    ['blank value', { recordValue: '  ', unitOfMeasureId: 1 }],
    ['null value', { recordValue: null, unitOfMeasureId: 1 }],
    ['no unit', { recordValue: '4', unitOfMeasureId: null }],
    ['blank unit', { recordValue: 4, unitOfMeasureId: '' }],
  ])('sends no weight with a %s', async (_name, row) => {
    expect((await parseVisitPayload({ ...base, weight: [row] })).weight).toEqual([]);
  });

  it.each([['abc'], ['-3'], [0], [-1], [5001], ['1e3'], ['4.5kg']])('refuses the weight %j', async (value) => {
    expect(await errorOf({ ...base, weight: [{ recordValue: value, unitOfMeasureId: 1 }] })).toBe(
      'validation.weightInvalid',
    );
  });

  it('drops rows without a title and deleted rows, and new pictures deleted before saving', async () => {
    const out = await parseVisitPayload({
      ...base,
      vaccinations: [{ title: '' }, { title: 'DHPP', isDeleted: true }, { title: '  ' }, { title: 'FVRCP' }],
      antiparasitics: [{ title: null }, { title: 'Not a choice', isDeleted: true }],
      consultations: [
        { title: '', notes: 'orphan notes' },
        { title: 'Cough', notes: '' },
      ],
      pictures: [
        { id: -5, notes: '', isDeleted: true },
        { id: 9, notes: 'old', isDeleted: true },
        { id: -6, notes: 'kept' },
      ],
    });
    expect(out.vaccinations.map((v) => v.title)).toEqual(['FVRCP']);
    expect(out.antiparasitics).toEqual([]);
    expect(out.consultations.map((c) => c.title)).toEqual(['Cough']);
    expect(out.pictures).toEqual([
      { id: 9, notes: 'old', isDeleted: true },
      { id: -6, notes: 'kept', isDeleted: false, fileIndex: 0 },
    ]);
  });

  it.each([
    [{ petId: undefined }, 'validation.visitPetAndDateRequired'],
    [{ petId: '' }, 'validation.visitPetAndDateRequired'],
    [{ visitDate: '' }, 'validation.visitPetAndDateRequired'],
    [{ visitDate: '2026-02-30' }, 'validation.visitDateInvalid'],
    [{ visitDate: 20260305 }, 'validation.visitDateInvalid'],
    [{ vetVisitId: 0 }, 'validation.invalidValue'],
    [{ vetUserId: -2 }, 'validation.vetUserRequired'],
    [{ notes: 'x'.repeat(10_001) }, 'validation.tooLong'],
    [{ vaccinations: [{ title: 'Aspirin' }] }, 'validation.vaccinationUnknown'],
    [{ antiparasitics: [{ title: 'Rabies' }] }, 'validation.antiparasiticUnknown'],
    [{ vaccinations: [{ title: 'Rabies', nextReminderDate: '2026-13-01' }] }, 'validation.reminderDateInvalid'],
    [{ consultations: [{ title: 'A', date: 'yesterday' }] }, 'validation.recordDateInvalid'],
    [{ consultations: 'nope' }, 'validation.invalidValue'],
    [{ notes: 'a\u0000b' }, 'validation.invalidValue'],
    [{ consultations: [{ title: 'x', notes: '\u0000' }] }, 'validation.invalidValue'],
    [{ pictures: [{ id: 1.5, notes: '' }] }, 'validation.invalidValue'],
    [{ pictures: [{ id: -1, notes: 'x'.repeat(2001) }] }, 'validation.tooLong'],
    [
      {
        pictures: [
          { id: -1, fileIndex: 0 },
          { id: -2, fileIndex: 0 },
        ],
      },
      'validation.invalidValue',
    ],
    [{ pictures: Array.from({ length: 11 }, (_, i) => ({ id: -i - 1 })) }, 'validation.tooManyRows'],
    [{ vaccinations: Array.from({ length: 51 }, () => ({ title: 'Rabies' })) }, 'validation.tooManyRows'],
    // SPEC.md §5: one weight or none (the old copies said 1 and 5)
    [
      {
        weight: [
          { recordValue: 4, unitOfMeasureId: 1 },
          { recordValue: 5, unitOfMeasureId: 1 },
        ],
      },
      'validation.tooManyRows',
    ],
    [{ weight: [{ recordValue: 4, unitOfMeasureId: 1, date: '2026-02-31' }] }, 'validation.recordDateInvalid'],
  ])('refuses %j with %s', async (patch, key) => {
    expect(await errorOf({ ...base, ...patch })).toBe(key);
  });

  it('keeps the vet user and the completed state when they are not sent', async () => {
    const out = await parseVisitPayload({ ...base, vetUserId: null, isFinished: undefined });
    expect(out.vetUserId).toBeNull();
    expect('isFinished' in out).toBe(false);
  });

  it('strips fields the client must not set', async () => {
    const out = await parseVisitPayload({
      ...base,
      clinicId: 2,
      pictures: [{ id: 3, notes: '', imagePath: '../../etc' }],
    });
    expect(out).not.toHaveProperty('clinicId');
    expect(out.pictures[0]).toEqual({ id: 3, notes: '', isDeleted: false });
  });

  it('normalises without changing its input', async () => {
    const input = await visitPayloadSchema.validate({ ...base, vaccinations: [{ title: '' }] });
    const copy = structuredClone(input);
    normaliseVisitPayload(input);
    expect(input).toEqual(copy);
  });

  it('only ever answers a payload or a ValidationError, whatever it is given', async () => {
    const field = fc.oneof(fc.anything({ maxDepth: 2 }), fc.constantFrom('2026-01-01', 'Rabies', '', 5, -1, null));
    const payload = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record(
        {
          ...Object.fromEntries(Object.keys(base).map((k) => [k, field])),
          pictures: fc.array(
            fc.record({ id: field, notes: field, isDeleted: field, fileIndex: field }, { requiredKeys: [] }),
            { maxLength: 3 },
          ),
          vaccinations: fc.array(
            fc.record({ title: field, date: field, nextReminderDate: field, isDeleted: field }, { requiredKeys: [] }),
            { maxLength: 3 },
          ),
          weight: fc.array(
            fc.record({ recordValue: field, unitOfMeasureId: field, date: field }, { requiredKeys: [] }),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (raw) => {
        try {
          await parseVisitPayload(raw);
        } catch (err) {
          expect(err).toBeInstanceOf(ValidationError);
        }
      }),
      { numRuns: 500 },
    );
    expect(await errorOf(JSON.parse('{"valueOf":"","toString":1}'))).toBe('validation.visitPetAndDateRequired');
    expect(
      (await parseVisitPayload({ ...base, vaccinations: [JSON.parse('{"title":"Rabies","constructor":1}')] }))
        .vaccinations,
    ).toHaveLength(1);
    expect(await errorOf({ ...base, notes: [] })).toBe('validation.invalidValue');
    expect(await errorOf({ ...base, pictures: [{ id: -1, notes: ['x'] }] })).toBe('validation.invalidValue');
    expect(await errorOf({ ...base, visitDate: ['2026-01-01'] })).toBe('validation.visitDateInvalid');
  });

  it('gives a weight row without a date the visit date (the date is optional in the one schema)', async () => {
    const out = await parseVisitPayload({ ...base, weight: [{ recordValue: 4, unitOfMeasureId: 1 }] });
    expect(out.weight).toEqual([{ recordValue: 4, date: '2026-03-05', unitOfMeasureId: 1, unitOfMeasure: '' }]);
  });

  it('numbers the files of new pictures in order unless they name one, and lists each file once', async () => {
    const out = await parseVisitPayload({
      ...base,
      pictures: [
        { id: -1 },
        { id: 8, notes: 'old' },
        { id: -2, isDeleted: true },
        { id: -3, fileIndex: 4 },
        { id: -4 },
      ],
    });
    expect(out.pictures.map((p) => [p.id, p.fileIndex])).toEqual([
      [-1, 0],
      [8, undefined],
      [-3, 4],
      [-4, 5],
    ]);
    expect(newPictureFileIndexes(out)).toEqual([0, 4, 5]);
    expect(await errorOf({ ...base, pictures: [{ id: -1 }, { id: -2 }, { id: -3, fileIndex: 1 }] })).toBe(
      'validation.invalidValue',
    );
  });

  it('parses weights as typed', () => {
    expect(parseWeight('4,25')).toBe(4.25);
    expect(parseWeight(' .5 ')).toBe(0.5);
    expect(parseWeight('1e2')).toBeNaN();
    expect(parseWeight(true)).toBeNaN();
  });
});

describe('create visit schema', () => {
  it('requires a pet and a visit date', async () => {
    await expect(createVisitSchema.validate({ petId: '', visitDate: '2026-01-01', vetUserId: 1 })).rejects.toThrow(
      'validation.visitPetAndDateRequired',
    );
    await expect(createVisitSchema.validate({ petId: 4, visitDate: '', vetUserId: 1 })).rejects.toThrow(
      'validation.visitPetAndDateRequired',
    );
    await expect(createVisitSchema.validate({ petId: 4, visitDate: '2026-01-01' })).rejects.toThrow(
      'validation.vetUserRequired',
    );
    await expect(createVisitSchema.validate({ petId: '4', visitDate: '2026-01-01', vetUserId: 2 })).resolves.toEqual({
      petId: 4,
      visitDate: '2026-01-01',
      vetUserId: 2,
    });
    await expect(
      parsePayload(
        createVisitForm,
        JSON.parse('{"petId":4,"visitDate":"2026-01-01","vetUserId":2,"valueOf":"","clinicId":9}'),
      ),
    ).resolves.toEqual({ petId: 4, visitDate: '2026-01-01', vetUserId: 2 });
  });

  it('has English text for every key', () => {
    expect(visitFormMessageEn('validation.visitPetAndDateRequired')).toBe('Please select a pet and a visit date');
    expect(visitFormMessageEn('other')).toBe('other');
    expect(Object.keys(VISIT_FORM_MESSAGES_EN).every((k) => k.startsWith('validation.'))).toBe(true);
  });
});
