/** Local state of the Edit Vet Visit modal, read from GetVetVisitDetails and turned into the SaveVetVisit payload. */
import type { VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import {
  normaliseVisitPayload,
  saveVisitForm,
  type NormalisedVisitPayload,
  type VisitPayloadInput,
} from '#shared/forms/visit-payload';
import { choiceForDate, type ReminderChoice } from '#client/features/portal-visits/reminder-date';
import { visitPictureUrl } from '#client/api/portal-visits';

export interface ReminderRowState {
  /** the stored record's ID (sent back so the save updates it in place); undefined for a new row */
  recordId?: number;
  title: string;
  date: string;
  nextReminderDate: string | null;
  choice: ReminderChoice;
}

export interface ConsultationRowState {
  recordId?: number;
  title: string;
  notes: string;
  date: string;
}

export interface PictureState {
  /** record ID, or a negative temporary id for a picture added here */
  pictureId: number;
  /** address to show: the stored picture, or an object URL of the new file */
  url: string;
  file: File | null;
  notes: string;
  isDeleted: boolean;
}

export interface VisitFormState {
  petId: number;
  vetVisitId: number;
  /** the visit's version as read: the save is refused (409) when someone saved since */
  version: number;
  visitDate: string;
  vetUserId: number | null;
  notes: string;
  weightValue: string;
  weightUnitId: number | null;
  /** the visit's weight record, when it has one */
  weightId?: number;
  vaccinations: ReminderRowState[];
  antiparasitics: ReminderRowState[];
  consultations: ConsultationRowState[];
  pictures: PictureState[];
  isFinished: boolean;
}

function reminderRow(r: WellnessRecord): ReminderRowState {
  return {
    recordId: r.ID,
    title: r.WellnessPropertyValue,
    date: r.ActionDate,
    nextReminderDate: r.NextReminderDate,
    choice: choiceForDate(r.NextReminderDate, r.ActionDate),
  };
}

export function emptyReminderRow(date: string): ReminderRowState {
  return { title: '', date, nextReminderDate: null, choice: 'none' };
}

export function emptyConsultation(date: string): ConsultationRowState {
  return { title: '', notes: '', date };
}

/** The form as the visit is stored; the vet user defaults to the visit's vet, else the selected user. */
export function formFromDetails(details: VetVisitDetails, selectedUserId: number | null): VisitFormState {
  const { visit, petWellnessRecords: records } = details;
  const ofVisit = (list: WellnessRecord[]) =>
    list.filter((r) => !r.isDeleted && (r.VetVisitID === null || r.VetVisitID === visit.ID));
  const weight = ofVisit(records.weight.records)[0];
  return {
    petId: visit.PetProfileID,
    vetVisitId: visit.ID,
    version: visit.Version,
    visitDate: visit.VisitDate,
    vetUserId: visit.VetUserID ?? selectedUserId,
    notes: visit.Notes,
    weightValue: weight?.WellnessPropertyValue ?? '',
    weightUnitId: weight?.GenUnitOfMeasureId ?? records.weight.unitOfMeasures[0]?.id ?? null,
    ...(weight ? { weightId: weight.ID } : {}),
    vaccinations: ofVisit(records.vaccinations).map(reminderRow),
    antiparasitics: ofVisit(records.antiparasitics).map(reminderRow),
    consultations: ofVisit(records.consultations).map((r) => ({
      recordId: r.ID,
      title: r.WellnessPropertyValue,
      notes: r.Notes,
      date: r.ActionDate,
    })),
    pictures: ofVisit(records.pictures).map((r) => ({
      pictureId: r.ID,
      url: visitPictureUrl(r),
      file: null,
      notes: r.Notes,
      isDeleted: false,
    })),
    isFinished: visit.isFinished,
  };
}

/** New pictures that will be uploaded, in the order of their `imageFile` parts (numbered by the shared normaliser). */
export function newPictureFiles(state: VisitFormState): PictureState[] {
  const byId = new Map(state.pictures.map((p) => [p.pictureId, p]));
  return payloadFromForm(state, '')
    .pictures.flatMap((p) => (p.fileIndex === undefined ? [] : [{ fileIndex: p.fileIndex, picture: byId.get(p.id) }]))
    .sort((x, y) => x.fileIndex - y.fileIndex)
    .flatMap(({ picture }) => (picture ? [picture] : []));
}

/** The SaveVetVisit payload with SPEC.md §5's drops applied (shared normaliseVisitPayload). */
export function payloadFromForm(state: VisitFormState, unitTitle: string): NormalisedVisitPayload {
  return normaliseVisitPayload(payloadInputFromForm(state, unitTitle));
}

/**
 * The form checked as the server checks SaveVetVisit: the shared schema with every broken rule reported (for the
 * errors under each field: formFieldOf), then SPEC.md §5's drops and the rules on what is kept.
 */
export async function checkVisitForm(state: VisitFormState, unitTitle: string): Promise<NormalisedVisitPayload> {
  const checked = await saveVisitForm.schema.validate(payloadInputFromForm(state, unitTitle), {
    abortEarly: false,
    stripUnknown: true,
  });
  return saveVisitForm.finish(checked);
}

/**
 * The SaveVetVisit payload as the form holds it, before the shared schema checks it: its rows stand at the form's
 * indexes (formFieldOf reads a payload field's error back to the form's field).
 */
function payloadInputFromForm(state: VisitFormState, unitTitle: string): VisitPayloadInput {
  return {
    petId: state.petId,
    vetVisitId: state.vetVisitId,
    version: state.version,
    vetUserId: state.vetUserId,
    visitDate: state.visitDate,
    notes: state.notes,
    isFinished: state.isFinished,
    // Rows carry their record's ID: the save updates each record in place (its history follows it).
    weight: [
      {
        id: state.weightId,
        recordValue: state.weightValue,
        date: state.visitDate,
        unitOfMeasureId: state.weightUnitId,
        unitOfMeasure: unitTitle,
      },
    ],
    vaccinations: state.vaccinations.map((r) => ({
      id: r.recordId,
      title: r.title,
      date: r.date,
      nextReminderDate: r.nextReminderDate,
      isDeleted: false,
    })),
    antiparasitics: state.antiparasitics.map((r) => ({
      id: r.recordId,
      title: r.title,
      date: r.date,
      nextReminderDate: r.nextReminderDate,
      isDeleted: false,
    })),
    consultations: state.consultations.map((c) => ({
      id: c.recordId,
      title: c.title,
      notes: c.notes,
      date: c.date,
      nextReminderDate: null,
      isDeleted: false,
    })),
    // New pictures get their file's index from the shared normaliser (newPictureFiles reads it back).
    pictures: state.pictures.map((p) => ({ id: p.pictureId, notes: p.notes, isDeleted: p.isDeleted })),
  };
}

/** The payload's fields that are the form's own under another name (the weight's row is the form's two fields). */
const FORM_FIELD_OF_PAYLOAD: Record<string, string> = {
  visitDate: 'visitDate',
  vetUserId: 'vetUserId',
  notes: 'notes',
  'weight[0].recordValue': 'weightValue',
  'weight[0].unitOfMeasureId': 'weightUnitId',
  'weight[0].unitOfMeasure': 'weightUnitId',
};

/** The fields each kind of row shows (an error on another one goes to the form's error line). */
const ROW_FIELDS: Record<string, readonly string[]> = {
  vaccinations: ['title', 'date', 'nextReminderDate'],
  antiparasitics: ['title', 'date', 'nextReminderDate'],
  consultations: ['title', 'notes'],
  pictures: ['notes'],
};

/**
 * The form field an error of the shared SaveVetVisit check belongs under ("vaccinations[2].title" →
 * "vaccinations.2.title"; the kept weight that is not a number → "weightValue"), or null for what no field shows (the
 * visit's ids and version, a list as a whole): those go to the form's error line.
 */
export function formFieldOf(payloadPath: string | undefined, message: string): string | null {
  if (!payloadPath) return message === 'validation.weightInvalid' ? 'weightValue' : null;
  if (payloadPath in FORM_FIELD_OF_PAYLOAD) return FORM_FIELD_OF_PAYLOAD[payloadPath];
  const row = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(payloadPath);
  return row && ROW_FIELDS[row[1]]?.includes(row[3]) ? `${row[1]}.${row[2]}.${row[3]}` : null;
}
