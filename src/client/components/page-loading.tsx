import { Box, CircularProgress } from '@mui/material';

/** Full-page loading state (also the Suspense fallback while a page chunk or its strings load). */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
