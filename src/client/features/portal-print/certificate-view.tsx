import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { MAX_PAGE_SIZE } from '#shared/constants';
import { useVetClinic } from '#client/api/portal-clinic';
import { useVetPetDetails, useVetPetVisits } from '#client/api/portal-pets';
import { useVisitsDetails } from '#client/api/portal-wellness';
import { Certificate, certificateVaccinations } from '#client/features/portal-print/certificate';
import { PrintFrame } from '#client/features/portal-print/print-frame';
import { routeId } from '#client/features/portal-print/route-id';
import { PrintFailure, PrintLoading } from '#client/features/portal-print/state-notices';
import { SheetLanguage, SheetLanguageSelect, usePrintLanguage } from '#client/features/portal-print/sheet-language';

/** /Dashboard/Pets/{petProfileId}/Certificate: a pet's vaccination certificate to print (issue 22). */
export default function CertificateView() {
  const { t } = useTranslation('portal');
  const id = routeId(useParams().petProfileId);
  if (id === null)
    return (
      <PrintFrame
        title={t('print.certificate.title')}
        failure={<PrintFailure error={null} notFoundMessage={t('print.petNotFound')} onRetry={() => {}} />}
      />
    );
  return <LoadedCertificate petProfileId={id} />;
}

function LoadedCertificate({ petProfileId }: { petProfileId: number }) {
  const { t } = useTranslation('portal');
  const clinic = useVetClinic();
  const pet = useVetPetDetails(petProfileId);
  // The vaccinations the clinic recorded come from its visits of the pet, as in the Pet Profile dialog.
  const visits = useVetPetVisits(petProfileId, 1, MAX_PAGE_SIZE);
  const details = useVisitsDetails(
    (visits.data?.visits ?? []).map((v) => v.id),
    visits.isSuccess,
  );
  const title = pet.data ? t('print.certificate.pageTitle', { name: pet.data.petName }) : t('print.certificate.title');
  const sheetLanguage = usePrintLanguage(pet.data?.ownerId, clinic.data?.language);

  const queries = [pet, clinic, visits, ...details];
  const failed = queries.find((q) => q.isError);
  if (failed) {
    const retry = () => queries.forEach((q) => void q.refetch());
    return (
      <PrintFrame
        title={title}
        failure={<PrintFailure error={failed.error} notFoundMessage={t('print.petNotFound')} onRetry={retry} />}
      />
    );
  }
  if (!pet.data || !clinic.data || !visits.data || details.some((d) => !d.data) || !sheetLanguage.ready)
    return <PrintFrame title={title} notice={<PrintLoading />} />;

  const vaccinations = certificateVaccinations(details.map((d) => d.data?.petWellnessRecords.vaccinations ?? []));
  return (
    <PrintFrame
      title={title}
      sheetLanguage={<SheetLanguageSelect value={sheetLanguage.language} onChange={sheetLanguage.choose} />}
      sheet={
        <SheetLanguage language={sheetLanguage.language}>
          <Certificate
            clinic={clinic.data}
            pet={pet.data}
            vaccinations={vaccinations}
            issued={dayjs().format('YYYY-MM-DD')}
          />
        </SheetLanguage>
      }
    />
  );
}
