import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { useVetClinic } from '#client/api/portal-clinic';
import { usePortalState } from '#client/api/portal-session';
import { useVetVisitDetails } from '#client/api/portal-visits';
import { formatLongDate } from '#client/components/format/dates';
import { PrintFrame } from '#client/features/portal-print/print-frame';
import { routeId } from '#client/features/portal-print/route-id';
import { PrintFailure, PrintLoading } from '#client/features/portal-print/state-notices';
import { VisitSummary } from '#client/features/portal-print/visit-summary';
import { useVetPetDetails } from '#client/api/portal-pets';
import { SheetLanguage, SheetLanguageSelect, usePrintLanguage } from '#client/features/portal-print/sheet-language';

/** /Dashboard/Visits/{vetVisitId}/Summary: a visit's summary to print and take home (issue 22). */
export default function VisitSummaryView() {
  const { t } = useTranslation('portal');
  const id = routeId(useParams().vetVisitId);
  if (id === null)
    return (
      <PrintFrame
        title={t('print.summary.title')}
        failure={<PrintFailure error={null} notFoundMessage={t('print.visitNotFound')} onRetry={() => {}} />}
      />
    );
  return <LoadedSummary vetVisitId={id} />;
}

function LoadedSummary({ vetVisitId }: { vetVisitId: number }) {
  const { t, i18n } = useTranslation('portal');
  const { session } = usePortalState();
  const clinic = useVetClinic();
  const details = useVetVisitDetails(vetVisitId);
  const pet = details.data?.petProfile[0];
  // the owner who takes the summary home reads it in their language
  const petDetails = useVetPetDetails(pet?.petProfileId ?? null);
  const sheetLanguage = usePrintLanguage(
    petDetails.isError ? null : petDetails.data?.ownerId,
    petDetails.data || petDetails.isError ? clinic.data?.language : undefined,
  );
  const title =
    details.data && pet
      ? t('print.summary.pageTitle', {
          name: pet.petName,
          date: formatLongDate(details.data.visit.VisitDate, i18n.language),
        })
      : t('print.summary.title');

  const failed = [details, clinic].find((q) => q.isError);
  if (failed) {
    const retry = () => [details, clinic].forEach((q) => void q.refetch());
    return (
      <PrintFrame
        title={title}
        failure={<PrintFailure error={failed.error} notFoundMessage={t('print.visitNotFound')} onRetry={retry} />}
      />
    );
  }
  if (!details.data || !clinic.data || !sheetLanguage.ready)
    return <PrintFrame title={title} notice={<PrintLoading />} />;

  const { visit, petWellnessRecords: records } = details.data;
  // The visit's vet by the clinic's staff list; a vet no longer on it by the name its records keep.
  const vetName =
    session?.users.find((u) => u.ID === visit.VetUserID)?.Name ??
    [...records.vaccinations, ...records.antiparasitics, ...records.consultations].find((r) => r.VetName)?.VetName ??
    '';
  return (
    <PrintFrame
      title={title}
      sheetLanguage={<SheetLanguageSelect value={sheetLanguage.language} onChange={sheetLanguage.choose} />}
      sheet={
        <SheetLanguage language={sheetLanguage.language}>
          <VisitSummary
            clinic={clinic.data}
            details={details.data}
            vetName={vetName}
            printed={dayjs().format('YYYY-MM-DD')}
          />
        </SheetLanguage>
      }
    />
  );
}
