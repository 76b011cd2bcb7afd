import { GENDER_FEMALE, GENDER_MALE } from '#shared/constants';
import type { VetReminder } from '#shared/contract/vet';
import type { LanguageCode } from '#shared/languages';
import { serverMessage } from '#server/http/messages';
import { dataTitlesIn } from '#server/i18n';
import type { ExportedPet } from '#server/clinic-pets/list-pets';
import type { ExportedOwner } from '#server/clinic-owners/list-owners';
import type { CsvColumn } from '#server/exports/csv';

function yesNoUnknown(value: boolean | null, language: LanguageCode): string {
  return serverMessage(
    value === null ? 'portal:pets.form.unknown' : value ? 'portal:pets.form.yes' : 'portal:pets.form.no',
    language,
  );
}

/**
 * The Pets tab's export: every column of the list and of the pet's profile, the owner's e-mail included; headers and
 * values in the reader's language, type and breed as its data titles.
 */
export function petExportColumns(language: LanguageCode): CsvColumn<ExportedPet>[] {
  const h = (key: string) => serverMessage(`portal:exportColumns.${key}`, language);
  const titles = dataTitlesIn(language);
  return [
    { header: h('petName'), cell: (p) => p.petName },
    { header: h('petType'), cell: (p) => titles.petType(p.petTypeId, p.petType) },
    { header: h('breed'), cell: (p) => titles.breed(p.petBreedId, p.petBreed) },
    {
      header: h('gender'),
      cell: (p) =>
        p.genderId === GENDER_MALE
          ? serverMessage('portal:pets.form.male', language)
          : p.genderId === GENDER_FEMALE
            ? serverMessage('portal:pets.form.female', language)
            : '',
    },
    { header: h('dob'), cell: (p) => p.dob ?? '' },
    { header: h('ageYears'), cell: (p) => p.age },
    { header: h('sterilized'), cell: (p) => yesNoUnknown(p.isSterilized, language) },
    { header: h('microchip'), cell: (p) => p.microChipId },
    { header: h('bloodType'), cell: (p) => p.bloodType },
    { header: h('ownerName'), cell: (p) => p.OwnerNameForVet },
    { header: h('ownerPhone'), cell: (p) => p.OwnerPhoneForVet },
    { header: h('ownerEmail'), cell: (p) => p.OwnerEmailForVet },
    { header: h('addedOn'), cell: (p) => p.addedAt.slice(0, 10) },
    { header: h('due'), cell: (p) => serverMessage(`portal:pets.due.${p.dueStatus}`, language) },
  ];
}

/**
 * The Owners tab's export (issue 32): name, phone, e-mail, the language they read (the clinic's when none), their
 * consent to reminder e-mails, their pets at the clinic, the notes and since when they are the clinic's.
 */
export function ownerExportColumns(language: LanguageCode): CsvColumn<ExportedOwner>[] {
  const h = (key: string) => serverMessage(`portal:exportColumns.${key}`, language);
  return [
    { header: h('ownerName'), cell: (o) => o.name },
    { header: h('ownerPhone'), cell: (o) => o.phone },
    { header: h('ownerEmail'), cell: (o) => o.email },
    // the language's code (as the owner form takes it); empty: the clinic's language
    { header: h('ownerLanguage'), cell: (o) => o.language ?? '' },
    { header: h('remindersByEmail'), cell: (o) => yesNoUnknown(o.remindersByEmail, language) },
    { header: h('petCount'), cell: (o) => o.petCount },
    { header: h('ownerNotes'), cell: (o) => o.notes },
    { header: h('ownerSince'), cell: (o) => o.addedAt.slice(0, 10) },
  ];
}

/**
 * The reminders' export: the due day, the pet, what is due, the owner with phone and e-mail, the e-mail's state, and
 * the reminder's state (open, done, snoozed until).
 */
export function reminderExportColumns(language: LanguageCode): CsvColumn<VetReminder>[] {
  const h = (key: string) => serverMessage(`portal:exportColumns.${key}`, language);
  const titles = dataTitlesIn(language);
  return [
    { header: h('dueOn'), cell: (r) => r.nextReminderDate },
    { header: h('petName'), cell: (r) => r.petName },
    { header: h('petType'), cell: (r) => titles.petType(r.petTypeId, r.petType) },
    { header: h('breed'), cell: (r) => titles.breed(r.petBreedId, r.petBreed) },
    { header: h('ageYears'), cell: (r) => r.age },
    { header: h('kind'), cell: (r) => titles.recordType(r.categoryTypeId, '') },
    { header: h('due'), cell: (r) => titles.recordValue(r.categoryTypeId, r.recordValue) },
    { header: h('ownerName'), cell: (r) => r.ownerNameForVet },
    { header: h('ownerPhone'), cell: (r) => r.ownerPhoneForVet },
    { header: h('ownerEmail'), cell: (r) => r.ownerEmailForVet },
    {
      header: h('emailStatus'),
      cell: (r) =>
        r.deliveryStatus === 'failed' && r.deliveryError
          ? serverMessage('portal:reminderMail.status.failedWith', language, { reason: r.deliveryError })
          : serverMessage(`portal:reminderMail.status.${r.deliveryStatus}`, language),
    },
    // issue 33: as staff marked it, and the snooze's last day
    { header: h('reminderState'), cell: (r) => serverMessage(`portal:reminders.state.${r.reminderState}`, language) },
    { header: h('snoozedUntil'), cell: (r) => r.snoozedUntil ?? '' },
  ];
}
