import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { foundPetsQuery } from '#client/api/found-pets';
import { listingParamsOf } from '#client/components/lists/use-listing-params';
import { FoundList } from '#client/features/found-pets/found-list';
import { petTypesQuery } from '#client/api/public-general';
import type { PagePrefetch } from '#client/api/page-data';
import { PageLayout } from '#client/components/page/page-layout';
import { FoundReportForm } from '#client/features/found-pets/found-report-form';

/**
 * /found: a finder reports a pet they found (published once their e-mail confirms it), and the open reports are
 * listed, newest found first, each at its place rounded to about 500 m (the card says no more than the area).
 */
export default function FoundPetsPage() {
  const { t } = useTranslation('found');
  return (
    <PageLayout title={t('page.title')}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {t('page.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('page.intro')}</Typography>
        </div>
        <Card>
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <FoundReportForm />
          </CardContent>
        </Card>
        <FoundList />
      </Stack>
    </PageLayout>
  );
}

export const prefetch: PagePrefetch = async ({ client, search }) => {
  const { near } = listingParamsOf(search);
  await Promise.all([client.prefetchQuery(petTypesQuery()), client.prefetchQuery(foundPetsQuery(near))]);
};
