import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A listing's filters side by side (country, near me, list/map), wrapping on narrow screens. */
export function ListingFilters({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>{children}</Box>;
}
