import { Box } from '@mui/material';

/**
 * Full-page loading state (also the Suspense fallback while a page chunk or its strings load).
 * A CSS spinner rather than CircularProgress: this sits in the entry chunk, which every page loads.
 */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label}
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 44,
          height: 44,
          borderRadius: '50%',
          border: '4px solid',
          borderColor: 'action.hover',
          borderTopColor: 'primary.main',
          '@keyframes pawtal-spin': { to: { transform: 'rotate(360deg)' } },
          animation: 'pawtal-spin 800ms linear infinite',
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2400ms' },
        }}
      />
    </Box>
  );
}
