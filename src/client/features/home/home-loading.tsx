import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The short paw-print animation Home opens with (SPEC.md §2, HOME_LOADING_MS). */
export function HomeLoading() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center' }}>
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
