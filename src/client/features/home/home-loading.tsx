import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HOME_LOADING_MS } from '#shared/constants';

/**
 * The short paw-print animation Home opens with (SPEC.md §2, HOME_LOADING_MS): a splash over the
 * page, which is already rendered beneath it. CSS hides it after HOME_LOADING_MS even before the
 * page's JavaScript runs; it removes itself then too.
 */
export function HomeLoading() {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), HOME_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Box
      role="status"
      aria-label={t('loading')}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        '@keyframes pawtal-splash-out': { to: { opacity: 0, visibility: 'hidden' } },
        animation: `pawtal-splash-out 150ms ease-in ${HOME_LOADING_MS}ms forwards`,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          '@keyframes pawtal-paw': {
            '0%, 100%': { transform: 'translateY(0) scale(0.9)', opacity: 0.35 },
            '50%': { transform: 'translateY(-10px) scale(1)', opacity: 1 },
          },
          '& > img': { animation: 'pawtal-paw 500ms ease-in-out infinite' },
          '& > img:nth-of-type(2)': { animationDelay: '120ms' },
          '& > img:nth-of-type(3)': { animationDelay: '240ms' },
          '@media (prefers-reduced-motion: reduce)': { '& > img': { animation: 'none', opacity: 1 } },
        }}
      >
        {[0, 1, 2].map((i) => (
          <img key={i} src="/logo.svg" alt="" width={40} height={40} />
        ))}
      </Box>
    </Box>
  );
}
