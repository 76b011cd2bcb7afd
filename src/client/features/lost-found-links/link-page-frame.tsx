import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '#client/components/page/page-layout';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';

/** The card that frames every page a lost-and-found e-mail links to. */
export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageLayout title={title} maxWidth="sm">
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Stack spacing={2.5}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' } }}>
              {title}
            </Typography>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </PageLayout>
  );
}

/**
 * What a link's page shows before its answer: a hint without a token, a working line, or the server's message (an
 * expired or unknown link). Null once the answer is here.
 */
export function LinkState({ token, query }: { token: string; query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation('found');
  if (!token) return <Alert severity="info">{t('links.noToken')}</Alert>;
  if (query.error) return <ErrorLine plain message={errorMessage(query.error)} />;
  if (query.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('links.working')}</Typography>
      </Box>
    );
  return null;
}
