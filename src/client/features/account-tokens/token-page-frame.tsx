import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '#client/components/page/page-layout';

/** The narrow card that frames the reset, verify and invite pages. */
export function TokenPageFrame({
  title,
  heading,
  intro,
  children,
  showHome = true,
}: {
  title: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  showHome?: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <PageLayout title={title} maxWidth="sm">
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' } }}>
                {heading}
              </Typography>
              {intro && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{intro}</Typography>}
            </Box>
            {children}
            {showHome && (
              <Box>
                <Button component={RouterLink} to="/" variant="text">
                  {t('goHome')}
                </Button>
              </Box>
            )}
          </Stack>
        </CardContent>
      </Card>
    </PageLayout>
  );
}
