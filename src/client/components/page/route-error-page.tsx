import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '#client/components/page/document-title';

/** The routes' error page (SPEC.md §8: "Unexpected Application Error!"): a page failed to render or load. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('error.pageTitle'));
  const detail = error instanceof Error ? error.message : '';
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
