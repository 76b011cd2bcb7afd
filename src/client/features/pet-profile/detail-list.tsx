import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A definition list laid out as a responsive grid of label/value pairs. */
export function DetailList({ items, columns = 2 }: { items: DetailItem[]; columns?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: columns === 2 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
        },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {/* Data (names, "11.2 kg", addresses) keeps its own direction inside a right-to-left page. */}
            <bdi>{item.value}</bdi>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
