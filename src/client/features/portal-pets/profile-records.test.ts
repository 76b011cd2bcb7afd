import { describe, expect, it } from 'vitest';
import type { VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import { categoryIcon, categoryTypesFromVisits, withAbout } from '#client/features/portal-pets/profile-records';

const rec = (o: Partial<WellnessRecord>): WellnessRecord => ({
  ID: 1,
  PetProfileId: 1,
  CreatedDate: '',
  ActionDate: '2025-01-01',
  VetVisitID: 1,
  NextReminderDate: null,
  WellnessPropertyValue: '',
  PetWellnessCategoryTypeId: 9,
  GenUnitOfMeasureId: null,
  VetName: 'Dr',
  ImagePath: '',
  ImageHostLink: 'http://h/media/',
  Notes: '',
  isDeleted: false,
  ...o,
});

const visit = (records: Partial<VetVisitDetails['petWellnessRecords']>) =>
  ({
    petWellnessRecords: {
      weight: { records: [], unitOfMeasures: [{ id: 1, title: 'kg' }] },
      vaccinations: [],
      antiparasitics: [],
      consultations: [],
      pictures: [],
      ...records,
    },
  }) as unknown as VetVisitDetails;

describe('pet profile records', () => {
  it('puts About first and sorts by id', () => {
    expect(
      withAbout(
        [
          { id: 5, title: 'Hygiene' },
          { id: 2, title: 'Activity' },
        ],
        'About',
      ).map((c) => c.id),
    ).toEqual([1, 2, 5]);
  });

  it('chooses the icons of SPEC.md', () => {
    expect([1, 2, 3, 4, 5].map(categoryIcon)).toEqual(['info', 'activity', 'other', 'heart', 'drop']);
  });

  it('groups visit records by type within a category, once each, newest first', () => {
    const v1 = visit({
      vaccinations: [rec({ ID: 3, WellnessPropertyValue: 'Rabies', ActionDate: '2025-01-01' })],
      weight: {
        records: [rec({ ID: 9, PetWellnessCategoryTypeId: 1, WellnessPropertyValue: '4', GenUnitOfMeasureId: 1 })],
        unitOfMeasures: [{ id: 1, title: 'kg' }],
      },
    });
    const v2 = visit({
      vaccinations: [
        rec({ ID: 3, WellnessPropertyValue: 'Rabies' }),
        rec({ ID: 4, WellnessPropertyValue: 'DHPP', ActionDate: '2025-03-01' }),
      ],
      consultations: [rec({ ID: 5, PetWellnessCategoryTypeId: 17, isDeleted: true })],
    });
    const medical = categoryTypesFromVisits([v1, v2], 3);
    expect(medical.map((t) => t.id)).toEqual([9]);
    expect(medical[0].records.map((r) => r.id)).toEqual([4, 3]);
    const activity = categoryTypesFromVisits([v1, v2], 2);
    expect(activity[0].records[0]).toMatchObject({ recordValue: '4', unitOfMeasure: 'kg' });
    expect(categoryTypesFromVisits([v1], 5)).toEqual([]);
  });
});
