import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton } from '@mui/material';

export type CardGridVariant = 'pet' | 'provider';

const columns: Record<CardGridVariant, object> = {
  // two pets side by side on a 360 px phone, up to four on a desktop
  pet: { gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(220px, 1fr))' } },
  provider: {
    gridTemplateColumns: {
      xs: 'minmax(0, 1fr)',
      sm: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(auto-fill, minmax(260px, 1fr))',
    },
  },
};

/** A responsive list of cards (a <ul>; each child is wrapped in an <li>). */
export function CardGrid({
  variant,
  children,
  label,
}: {
  variant: CardGridVariant;
  children: ReactNode[];
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: { xs: 1.5, md: 2.5 }, ...columns[variant] }}
    >
      {children.map((child, i) => (
        <Box component="li" key={i} sx={{ minWidth: 0, display: 'flex' }}>
          {child}
        </Box>
      ))}
    </Box>
  );
}

/** Skeleton cards while a card grid loads. */
export function CardGridSkeleton({
  variant,
  count = 4,
  label,
}: {
  variant: CardGridVariant;
  count?: number;
  label: string;
}) {
  return (
    <Box role="status" aria-live="polite" aria-label={label} aria-busy="true">
      <Box sx={{ display: 'grid', gap: { xs: 1.5, md: 2.5 }, ...columns[variant] }}>
        {Array.from({ length: count }, (_, i) => (
          <Card key={i} aria-hidden>
            <Skeleton
              variant="rectangular"
              sx={{ aspectRatio: variant === 'pet' ? '1 / 1' : '4 / 3', height: 'auto' }}
            />
            <CardContent>
              <Skeleton width="70%" height={28} />
              <Skeleton width="45%" />
              {variant === 'provider' && <Skeleton width="85%" />}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
