import { Box } from '@mui/material';
import { GENDER_FEMALE, GENDER_MALE } from '#shared/constants';
import type { VetClinic, VetPetDetails, WellnessRecord } from '#shared/contract/vet';
import { formatAge } from '#client/components/format/age';
import { readColour } from '#client/components/format/colour-name';
import { formatLongDate } from '#client/components/format/dates';
import {
  FactGrid,
  INK,
  Letterhead,
  NothingRecorded,
  PrintSection,
  PrintTable,
} from '#client/features/portal-print/print-parts';
import { UserText } from '#client/components/i18n/bidi';
import { useSheetTranslation } from '#client/features/portal-print/sheet-language';

/** A pet's vaccinations at the clinic, each once, newest first (the current ones lead the first page). */
export function certificateVaccinations(visitRecords: ReadonlyArray<readonly WellnessRecord[]>): WellnessRecord[] {
  const byId = new Map<number, WellnessRecord>();
  for (const record of visitRecords.flat()) if (!record.isDeleted) byId.set(record.ID, record);
  return [...byId.values()].sort((a, b) => b.ActionDate.localeCompare(a.ActionDate) || b.ID - a.ID);
}

/**
 * The vaccination certificate (issue 22): the clinic's letterhead, the pet and its owner, each
 * vaccination with the day given, the next due date and the vet, the issue date and a line to sign.
 * Laid out to fit one A4 or US Letter page with about twelve vaccinations.
 */
export function Certificate({
  clinic,
  pet,
  vaccinations,
  issued,
}: {
  clinic: VetClinic;
  pet: VetPetDetails;
  vaccinations: readonly WellnessRecord[];
  issued: string;
}) {
  const { t, titles, language } = useSheetTranslation();
  const date = (value: string | null) => (value ? formatLongDate(value, language) : '—');
  const na = t('notAvailable');
  const colour = pet.color.trim();
  const colourKey = colour ? readColour(colour).key : null;
  const sex =
    pet.petGenderId === GENDER_MALE
      ? t('pets.form.male')
      : pet.petGenderId === GENDER_FEMALE
        ? t('pets.form.female')
        : na;
  const facts = [
    [t('print.pet.name'), <UserText key="name">{pet.petName}</UserText>],
    [t('print.pet.type'), titles.petType(pet.petTypeId, pet.petType)],
    [t('print.pet.breed'), <bdi key="breed">{pet.petBreed ? titles.breed(pet.petBreedId, pet.petBreed) : na}</bdi>],
    [t('print.pet.sex'), sex],
    [t('print.pet.dob'), pet.dob ? `${date(pet.dob)} (${formatAge(t, pet.age, pet.dob)})` : na],
    [
      t('print.pet.colour'),
      colour ? colourKey ? t(`common:colours.${colourKey}`) : <bdi key="colour">{colour}</bdi> : na,
    ],
    [
      t('print.pet.microchip'),
      pet.microChipId ? (
        <bdi key="chip" dir="ltr">
          {pet.microChipId}
        </bdi>
      ) : (
        na
      ),
    ],
    [t('print.pet.owner'), <bdi key="owner">{pet.ownerNameForVet || na}</bdi>],
  ] as const;

  return (
    <Box component="article" data-testid="certificate">
      <Letterhead
        clinic={clinic}
        title={t('print.certificate.title')}
        subtitle={t('print.issuedOn', { date: date(issued) })}
      />
      <PrintSection title={t('print.certificate.petSection')}>
        <FactGrid facts={facts} />
      </PrintSection>
      <PrintSection title={t('print.certificate.vaccinations')} keepTogether={false}>
        {vaccinations.length === 0 ? (
          <NothingRecorded>{t('print.certificate.noVaccinations')}</NothingRecorded>
        ) : (
          <PrintTable
            label={t('print.certificate.vaccinations')}
            columns={[t('print.vaccine'), t('print.dateGiven'), t('print.nextDue'), t('print.vet')]}
            rows={vaccinations.map((v) => [
              <bdi key="title">
                {t(`choices.${v.WellnessPropertyValue}`, { defaultValue: v.WellnessPropertyValue })}
              </bdi>,
              date(v.ActionDate),
              date(v.NextReminderDate),
              <bdi key="vet">{v.VetName || '—'}</bdi>,
            ])}
          />
        )}
      </PrintSection>
      <Box sx={{ breakInside: 'avoid', mt: '6mm' }}>
        <Box component="p" sx={{ m: 0, mb: '12mm' }}>
          {t('print.certificate.statement', { clinic: clinic.name, name: pet.petName })}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '10mm' }}>
          <Box>
            <Box sx={{ color: INK.muted }}>{t('print.issueDate')}</Box>
            <Box sx={{ fontWeight: 600 }}>{date(issued)}</Box>
          </Box>
          <Box sx={{ width: '80mm', textAlign: 'center' }} data-testid="signature-line">
            <Box sx={{ borderTop: `1px solid ${INK.text}`, pt: '1.5mm', color: INK.muted }}>
              {t('print.certificate.signature')}
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
