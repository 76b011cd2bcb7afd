import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLoading } from '#client/components/states/page-loading';
import { PortalSessionGate } from '#client/app/portal/session-gate';

// Each printout in its own chunk: the router holds one small page module for both addresses.
const CertificateView = lazy(() => import('#client/features/portal-print/certificate-view'));
const VisitSummaryView = lazy(() => import('#client/features/portal-print/visit-summary-view'));

/**
 * The clinic's printouts (issue 22): /Dashboard/Pets/{petProfileId}/Certificate and
 * /Dashboard/Visits/{vetVisitId}/Summary, behind the clinic's session.
 */
export default function PrintoutPage() {
  const { t } = useTranslation('portal');
  const params = useParams();
  return (
    <PortalSessionGate>
      <Suspense fallback={<PageLoading label={t('print.loading')} />}>
        {params.vetVisitId !== undefined ? <VisitSummaryView /> : <CertificateView />}
      </Suspense>
    </PortalSessionGate>
  );
}
