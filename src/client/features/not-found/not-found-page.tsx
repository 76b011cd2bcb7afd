import { useTranslation } from 'react-i18next';
import { NotFound } from '#client/components/states/not-found';
import { PageLayout } from '#client/components/page/page-layout';

/** Any address that is not a route of the site: HTTP 404, inside the site's header and footer. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <PageLayout title={t('notFound.title')} maxWidth="md">
      <NotFound />
    </PageLayout>
  );
}
