import { Box, Button, Container, Typography } from '@mui/material';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#client/components/document-title';

/** The router's error page (SPEC.md §8: "Unexpected Application Error!"), also for unknown routes. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  useDocumentTitle(t('error.pageTitle'));
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        {t('error.unexpected')}
      </Typography>
      {detail && (
        <Typography component="p" variant="h3" color="text.secondary" sx={{ mb: 3 }}>
          {detail}
        </Typography>
      )}
      <Box>
        <Button component={RouterLink} to="/" variant="contained">
          {t('error.goHome')}
        </Button>
      </Box>
    </Container>
  );
}
