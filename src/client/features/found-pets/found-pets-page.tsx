import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { foundPetsQuery, useFoundPets } from '#client/api/found-pets';
import { petTypesQuery } from '#client/api/public-general';
import type { PagePrefetch } from '#client/api/page-data';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { PageLayout } from '#client/components/page/page-layout';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { FoundReportForm } from '#client/features/found-pets/found-report-form';
import { ContactButton } from '#client/components/relay/contact-dialog';

/**
 * /found: a finder reports a pet they found (published once their e-mail confirms it), and the open reports are
 * listed, newest found first, each at its place rounded to about 500 m (the card says no more than the area).
 */
export default function FoundPetsPage() {
  const { t, i18n } = useTranslation('found');
  const titles = useDataTitles();
  const found = useFoundPets();
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
        <section aria-labelledby="found-list-title">
          <Typography id="found-list-title" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.4rem' }, mb: 2 }}>
            {t('page.listTitle')}
          </Typography>
          {found.error && <ErrorLine message={errorMessage(found.error)} />}
          {found.data?.length === 0 && <EmptyState message={t('page.empty')} />}
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {found.data?.map((pet) => (
              <Card component="li" key={pet.foundPetId} variant="outlined">
                <Stack direction="row" spacing={2} sx={{ p: 1.5, alignItems: 'center' }}>
                  <ImageWithFallback
                    src={pet.photo}
                    alt=""
                    sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 2, flexShrink: 0 }}
                  />
                  <div>
                    <Typography sx={{ fontWeight: 600 }}>
                      {t('page.card', {
                        type: titles.petType(pet.petTypeId, ''),
                        colors: pet.colors.map((c) => t(`color.${c}`)).join(', '),
                        size: t(`size.${pet.size}`),
                      })}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('page.foundOn', { date: formatLongDate(pet.foundDate, i18n.language) })}
                    </Typography>
                    <Box sx={{ mt: 1 }}>
                      <ContactButton
                        target={{ to: 'finder', foundPetId: pet.foundPetId }}
                        label={t('contact.button')}
                        variant="outlined"
                      />
                    </Box>
                  </div>
                </Stack>
              </Card>
            ))}
          </Stack>
        </section>
      </Stack>
    </PageLayout>
  );
}

export const prefetch: PagePrefetch = async ({ client }) => {
  await Promise.all([client.prefetchQuery(petTypesQuery()), client.prefetchQuery(foundPetsQuery())]);
};
