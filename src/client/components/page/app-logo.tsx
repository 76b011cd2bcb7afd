import { Box } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '#client/api/runtime-config';

/** The logo with the product name; always a link to the home page. */
export function AppLogo({ size = 36, showName = true }: { size?: number; showName?: boolean }) {
  const { t } = useTranslation('common');
  const appName = runtimeConfig().appName;
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('layout.homeLink', { appName })}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'primary.main',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.25rem',
        borderRadius: '8px',
      }}
    >
      <Box component="img" src="/logo.svg" alt="" width={size} height={size} sx={{ display: 'block' }} />
      {showName && (
        <Box component="span" aria-hidden sx={{ letterSpacing: '-0.01em', display: { xs: 'none', sm: 'inline' } }}>
          {appName}
        </Box>
      )}
    </Box>
  );
}
