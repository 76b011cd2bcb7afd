import { Box } from '@mui/material';
import type { VetClinic, VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import { visitPictureUrl } from '#client/api/portal-visits';
import { formatAge } from '#client/components/format/age';
import { formatLongDate } from '#client/components/format/dates';
import { formatNumber } from '#client/components/format/numbers';
import { weightUnitOf } from '#client/components/format/weight-units';
import { FactGrid, INK, Letterhead, PrintSection, PrintTable } from '#client/features/portal-print/print-parts';
import { UserText } from '#client/components/i18n/bidi';
import { useSheetTranslation } from '#client/features/portal-print/sheet-language';

const kept = (records: readonly WellnessRecord[]) => records.filter((r) => !r.isDeleted);

/**
 * The visit summary to take home (issue 22): the clinic's letterhead, the pet, the date, vet,
 * notes and weight, the vaccinations, antiparasitics, consultations with their notes, and the
 * pictures as thumbnails. Sections the visit has nothing for are left out, so a typical visit
 * fits one page.
 */
export function VisitSummary({
  clinic,
  details,
  vetName,
  printed,
}: {
  clinic: VetClinic;
  details: VetVisitDetails;
  vetName: string;
  printed: string;
}) {
  const { t, titles, language } = useSheetTranslation();
  const date = (value: string | null) => (value ? formatLongDate(value, language) : '—');
  const { visit } = details;
  const pet = details.petProfile[0];
  const records = details.petWellnessRecords;
  const units = new Map(records.weight.unitOfMeasures.map((u) => [u.id, u.title]));
  const vaccinations = kept(records.vaccinations);
  const antiparasitics = kept(records.antiparasitics);
  const consultations = kept(records.consultations);
  const pictures = kept(records.pictures);
  const weighed = kept(records.weight.records)[0];

  let weight = t('print.summary.notWeighed');
  if (weighed) {
    const unitTitle = weighed.GenUnitOfMeasureId !== null ? (units.get(weighed.GenUnitOfMeasureId) ?? '') : '';
    const unit = weightUnitOf(unitTitle);
    const amount = Number(weighed.WellnessPropertyValue);
    const value =
      Number.isFinite(amount) && weighed.WellnessPropertyValue.trim() !== ''
        ? formatNumber(amount, language, { maximumFractionDigits: 3 })
        : weighed.WellnessPropertyValue;
    weight = `${value} ${unit ? t(`common:weight.units.${unit}`) : unitTitle}`.trim();
  }

  const facts = [
    [t('print.pet.name'), <bdi key="name">{pet?.petName ?? '—'}</bdi>],
    [t('print.summary.visitDate'), date(visit.VisitDate)],
    [
      t('print.pet.type'),
      pet ? (
        <bdi key="type">{`${titles.petType(pet.petTypeId, pet.petType)} · ${titles.breed(pet.petBreedId, pet.petBreed)}`}</bdi>
      ) : (
        '—'
      ),
    ],
    [t('print.vet'), <bdi key="vet">{vetName || t('visits.noVet')}</bdi>],
    [t('print.pet.owner'), <bdi key="owner">{pet?.ownerNameForVet || '—'}</bdi>],
    [t('print.summary.weight'), <bdi key="weight">{weight}</bdi>],
    [t('print.pet.age'), (pet && formatAge(t, pet.age, pet.dob)) || '—'],
  ] as const;
  const reminderRows = (list: readonly WellnessRecord[]) =>
    list.map((r) => [
      <bdi key="title">{t(`choices.${r.WellnessPropertyValue}`, { defaultValue: r.WellnessPropertyValue })}</bdi>,
      date(r.ActionDate),
      date(r.NextReminderDate),
    ]);

  return (
    <Box component="article" data-testid="visit-summary">
      <Letterhead clinic={clinic} title={t('print.summary.title')} subtitle={date(visit.VisitDate)} />
      <PrintSection title={t('print.summary.visitSection')}>
        <FactGrid facts={facts} />
      </PrintSection>
      {visit.Notes.trim() && (
        <PrintSection title={t('print.summary.notes')}>
          <UserText component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {visit.Notes}
          </UserText>
        </PrintSection>
      )}
      {vaccinations.length > 0 && (
        <PrintSection title={t('print.summary.vaccinations')}>
          <PrintTable
            label={t('print.summary.vaccinations')}
            columns={[t('print.vaccine'), t('print.dateGiven'), t('print.nextDue')]}
            rows={reminderRows(vaccinations)}
          />
        </PrintSection>
      )}
      {antiparasitics.length > 0 && (
        <PrintSection title={t('print.summary.antiparasitics')}>
          <PrintTable
            label={t('print.summary.antiparasitics')}
            columns={[t('print.treatment'), t('print.dateGiven'), t('print.nextDue')]}
            rows={reminderRows(antiparasitics)}
          />
        </PrintSection>
      )}
      {consultations.length > 0 && (
        <PrintSection title={t('print.summary.consultations')} keepTogether={false}>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: '2.5mm' }}>
            {consultations.map((c) => (
              <Box
                component="li"
                key={c.ID}
                sx={{ breakInside: 'avoid', borderInlineStart: `3px solid ${INK.rule}`, paddingInlineStart: '3mm' }}
              >
                <UserText component="div" sx={{ fontWeight: 700 }}>
                  {c.WellnessPropertyValue}
                </UserText>
                {c.Notes.trim() && (
                  <UserText component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {c.Notes}
                  </UserText>
                )}
              </Box>
            ))}
          </Box>
        </PrintSection>
      )}
      {pictures.length > 0 && (
        <PrintSection title={t('print.summary.pictures')}>
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
              gap: '3mm',
            }}
          >
            {pictures.map((p, i) => (
              <Box component="li" key={p.ID} sx={{ breakInside: 'avoid' }}>
                <Box
                  component="img"
                  src={visitPictureUrl(p)}
                  alt={p.Notes.trim() || t('editVisit.pictureN', { n: i + 1 })}
                  loading="eager"
                  sx={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    borderRadius: '1.5mm',
                    border: `1px solid ${INK.rule}`,
                  }}
                />
                {p.Notes.trim() && (
                  <UserText
                    component="div"
                    sx={{ fontSize: '8.5pt', color: INK.muted, mt: '1mm', overflowWrap: 'anywhere' }}
                  >
                    {p.Notes}
                  </UserText>
                )}
              </Box>
            ))}
          </Box>
        </PrintSection>
      )}
      <Box
        component="footer"
        sx={{ mt: '6mm', pt: '2mm', borderTop: `1px solid ${INK.rule}`, color: INK.muted, fontSize: '8.5pt' }}
      >
        {t('print.printedOn', { date: date(printed) })}
      </Box>
    </Box>
  );
}
