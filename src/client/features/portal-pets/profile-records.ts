/** Pet Profile modal data rules: categories with "About" first, and category types built from the clinic's visits. */
import {
  ABOUT_CATEGORY_ID,
  CATEGORY_TYPE_ANTIPARASITIC,
  CATEGORY_TYPE_CONSULTATION,
  CATEGORY_TYPE_PICTURE,
  CATEGORY_TYPE_VACCINATION,
  CATEGORY_TYPE_WEIGHT,
} from '#shared/constants';
import type { VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import type { WellnessCategory } from '#shared/contract/wellness';
import { visitPictureUrl } from '#client/api/portal-visits';

/** The "About" pseudo-category (id 1) added, the list sorted by id. */
export function withAbout(categories: readonly WellnessCategory[], aboutTitle: string): WellnessCategory[] {
  return [{ id: ABOUT_CATEGORY_ID, title: aboutTitle }, ...categories.filter((c) => c.id !== ABOUT_CATEGORY_ID)].sort(
    (a, b) => a.id - b.id,
  );
}

export type CategoryIcon = 'info' | 'activity' | 'heart' | 'drop' | 'other';

/** SPEC.md §3: 1 info, 2 activity, 4 heart, 5 drop. */
export function categoryIcon(id: number): CategoryIcon {
  switch (id) {
    case 1:
      return 'info';
    case 2:
      return 'activity';
    case 4:
      return 'heart';
    case 5:
      return 'drop';
    default:
      return 'other';
  }
}

/** The category each visit record type belongs to (weight: Activity; the medical types: Medical Care). */
const TYPE_CATEGORY: Record<number, number> = {
  [CATEGORY_TYPE_WEIGHT]: 2,
  [CATEGORY_TYPE_VACCINATION]: 3,
  [CATEGORY_TYPE_ANTIPARASITIC]: 3,
  [CATEGORY_TYPE_CONSULTATION]: 3,
  [CATEGORY_TYPE_PICTURE]: 3,
};

interface ProfileRecord {
  id: number;
  actionDate: string;
  vetName: string;
  recordValue: string;
  unitOfMeasure: string;
  unitOfMeasureId: number | null;
  nextReminderDate: string | null;
  notes: string;
  imagePath: string | null;
}

export interface ProfileCategoryType {
  id: number;
  records: ProfileRecord[];
}

/** Category types of one category with the records of the given visits (newest first, each record once). */
export function categoryTypesFromVisits(visits: readonly VetVisitDetails[], categoryId: number): ProfileCategoryType[] {
  const byType = new Map<number, Map<number, ProfileRecord>>();
  for (const v of visits) {
    const r = v.petWellnessRecords;
    const units = new Map(r.weight.unitOfMeasures.map((u) => [u.id, u.title]));
    const all: WellnessRecord[] = [
      ...r.weight.records,
      ...r.vaccinations,
      ...r.antiparasitics,
      ...r.consultations,
      ...r.pictures,
    ];
    for (const rec of all) {
      if (rec.isDeleted || TYPE_CATEGORY[rec.PetWellnessCategoryTypeId] !== categoryId) continue;
      const list = byType.get(rec.PetWellnessCategoryTypeId) ?? new Map<number, ProfileRecord>();
      list.set(rec.ID, {
        id: rec.ID,
        actionDate: rec.ActionDate,
        vetName: rec.VetName,
        recordValue: rec.WellnessPropertyValue,
        unitOfMeasure: rec.GenUnitOfMeasureId !== null ? (units.get(rec.GenUnitOfMeasureId) ?? '') : '',
        unitOfMeasureId: rec.GenUnitOfMeasureId,
        nextReminderDate: rec.NextReminderDate,
        notes: rec.Notes,
        imagePath: rec.ImagePath ? visitPictureUrl(rec) : null,
      });
      byType.set(rec.PetWellnessCategoryTypeId, list);
    }
  }
  return [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, records]) => ({
      id,
      records: [...records.values()].sort((a, b) => b.actionDate.localeCompare(a.actionDate) || b.id - a.id),
    }));
}
