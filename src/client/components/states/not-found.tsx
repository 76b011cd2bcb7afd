import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useServerStatus } from '#client/components/page/server-status';

/**
 * "Not found" inside a page's frame: an unknown address, or an address naming a pet or provider
 * that does not exist. The server answers it with HTTP 404; a way home (or back to the portal) is always offered.
 */
export function NotFound({
  heading,
  message,
  home,
  children,
}: {
  heading?: string;
  message?: string;
  /** where the way out goes, when not the home page (the portal's dashboard) */ home?: { to: string; label: string };
  /** a way to try again, above the way out (a pet's not-found page: the public-ID search) */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  useServerStatus(404);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, md: 8 }, px: 2, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <Box aria-hidden sx={{ fontSize: 64, color: 'primary.main', opacity: 0.7, display: 'flex' }}>
        <SearchOffOutlined fontSize="inherit" />
      </Box>
      <Typography component="h1" variant="h2">
        {heading ?? t('notFound.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {message ?? t('notFound.text')}
      </Typography>
      {children}
      <Button component={RouterLink} to={home?.to ?? '/'} variant="contained">
        {home?.label ?? t('error.goHome')}
      </Button>
    </Box>
  );
}
