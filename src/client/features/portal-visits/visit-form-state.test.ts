import { describe, expect, it } from 'vitest';
import type { VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import type { ResolverOptions } from 'react-hook-form';
import { fieldErrorsResolver } from '#client/components/forms/form-resolver';
import {
  checkVisitForm,
  emptyConsultation,
  emptyReminderRow,
  formFieldOf,
  formFromDetails,
  newPictureFiles,
  payloadFromForm,
  type VisitFormState,
} from '#client/features/portal-visits/visit-form-state';

function record(over: Partial<WellnessRecord>): WellnessRecord {
  return {
    ID: 1,
    PetProfileId: 5,
    CreatedDate: '2025-01-01T00:00:00Z',
    ActionDate: '2025-01-10',
    VetVisitID: 9,
    NextReminderDate: null,
    WellnessPropertyValue: '',
    PetWellnessCategoryTypeId: 9,
    GenUnitOfMeasureId: null,
    VetName: 'Dr A',
    ImagePath: '',
    ImageHostLink: 'http://h/media/',
    Notes: '',
    isDeleted: false,
    ...over,
  };
}

const details = {
  visit: {
    ID: 9,
    PetProfileID: 5,
    VetUserID: null,
    Notes: 'n',
    VisitDate: '2025-01-10',
    isFinished: false,
    Version: 3,
  },
  petProfile: [],
  petWellnessRecords: {
    weight: {
      records: [record({ ID: 2, WellnessPropertyValue: '12.5', GenUnitOfMeasureId: 1 })],
      unitOfMeasures: [
        { id: 1, title: 'kg' },
        { id: 2, title: 'lb' },
      ],
    },
    vaccinations: [record({ ID: 3, WellnessPropertyValue: 'Rabies', NextReminderDate: '2025-02-01' })],
    antiparasitics: [],
    consultations: [record({ ID: 4, WellnessPropertyValue: 'Cough', Notes: 'mild' })],
    pictures: [record({ ID: 6, ImagePath: 'visits/a.webp', Notes: 'x-ray' })],
  },
} as unknown as VetVisitDetails;

describe('edit visit form state', () => {
  it('reads the visit and defaults the vet user to the selected user', () => {
    const form = formFromDetails(details, 7);
    expect(form.vetUserId).toBe(7);
    expect(form.weightValue).toBe('12.5');
    expect(form.vaccinations[0]).toMatchObject({ title: 'Rabies', nextReminderDate: '2025-02-01', choice: 'custom' });
    // 90 days after the record's date: saved as "In 3 months", it reopens so
    const saved = {
      ...details,
      petWellnessRecords: {
        ...details.petWellnessRecords,
        vaccinations: [
          record({ ID: 3, WellnessPropertyValue: 'Rabies', ActionDate: '2025-01-10', NextReminderDate: '2025-04-10' }),
        ],
      },
    };
    expect(formFromDetails(saved, 7).vaccinations[0]).toMatchObject({ choice: 90, nextReminderDate: '2025-04-10' });
    expect(form.pictures[0]).toMatchObject({ pictureId: 6, url: 'http://h/media/visits/a.webp' });
  });

  it('drops blank rows and deleted new pictures, numbers the files in order', () => {
    const form = formFromDetails(details, 7);
    const f1 = new File(['a'], 'a.png', { type: 'image/png' });
    const f2 = new File(['b'], 'b.png', { type: 'image/png' });
    form.vaccinations.push(emptyReminderRow('2025-01-10'));
    form.pictures.push({ pictureId: -1, url: 'blob:1', file: f1, notes: '', isDeleted: true });
    form.pictures.push({ pictureId: -2, url: 'blob:2', file: f2, notes: 'new', isDeleted: false });
    form.pictures[0].isDeleted = true;
    const payload = payloadFromForm(form, 'kg');
    expect(payload.vaccinations).toHaveLength(1);
    expect(payload.weight).toEqual([
      { id: 2, recordValue: 12.5, date: '2025-01-10', unitOfMeasureId: 1, unitOfMeasure: 'kg' },
    ]);
    expect(payload.pictures).toEqual([
      { id: 6, notes: 'x-ray', isDeleted: true },
      { id: -2, notes: 'new', isDeleted: false, fileIndex: 0 },
    ]);
    expect(newPictureFiles(form).map((p) => p.file)).toEqual([f2]);
    const f3 = new File(['c'], 'c.png', { type: 'image/png' });
    form.pictures.push({ pictureId: -3, url: 'blob:3', file: f3, notes: '', isDeleted: false });
    expect(payloadFromForm(form, 'kg').pictures.map((p) => p.fileIndex)).toEqual([undefined, 0, 1]);
    expect(newPictureFiles(form).map((p) => p.file)).toEqual([f2, f3]);
    expect(payload.isFinished).toBe(false);
  });

  it('sends the version it read and each stored record with its ID; new rows without one', () => {
    const form = formFromDetails(details, 7);
    form.vaccinations.push({ ...emptyReminderRow('2025-01-10'), title: 'DHPP' });
    const payload = payloadFromForm(form, 'kg');
    expect(payload.version).toBe(3);
    expect(payload.vaccinations.map((v) => [v.id, v.title])).toEqual([
      [3, 'Rabies'],
      [undefined, 'DHPP'],
    ]);
    expect(payload.consultations[0]).toMatchObject({ id: 4, title: 'Cough' });
  });

  it('sends no weight when the value is blank', () => {
    const form = { ...formFromDetails(details, null), weightValue: ' ' };
    expect(payloadFromForm(form, 'kg').weight).toEqual([]);
  });
});

describe("the edit visit form's errors", () => {
  const resolver = fieldErrorsResolver((values: VisitFormState) => checkVisitForm(values, 'kg'), formFieldOf);
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<VisitFormState>;

  it('stand under the field that has them, each row its own', async () => {
    const form = formFromDetails(details, 7);
    form.vaccinations.push({ ...emptyReminderRow('2025-01-10'), title: 'Not a vaccine' });
    form.consultations.push({ ...emptyConsultation('2025-01-10'), title: 'x'.repeat(201) });
    form.pictures[0].notes = 'y'.repeat(2001);
    const { errors } = await resolver(form, undefined, options);
    expect(errors.vaccinations?.[1]?.title?.message).toBe('validation.vaccinationUnknown');
    expect(errors.vaccinations?.[0]).toBeUndefined();
    expect(errors.consultations?.[1]?.title?.message).toBe('validation.tooLong');
    expect(errors.pictures?.[0]?.notes?.message).toBe('validation.tooLong');
    expect(errors.root).toBeUndefined();
  });

  it('put a weight that is not a number under the weight, and the visit date under the date', async () => {
    const form = { ...formFromDetails(details, 7), weightValue: 'heavy' };
    expect((await resolver(form, undefined, options)).errors.weightValue?.message).toBe('validation.weightInvalid');
    const undated = { ...formFromDetails(details, 7), visitDate: '' };
    expect((await resolver(undated, undefined, options)).errors.visitDate?.message).toBe(
      'validation.visitPetAndDateRequired',
    );
  });

  it("pass the saved payload with SPEC.md §5's drops when all is well", async () => {
    const form = formFromDetails(details, 7);
    form.vaccinations.push(emptyReminderRow('2025-01-10'));
    const result = await resolver(form, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(payloadFromForm(form, 'kg'));
  });
});
