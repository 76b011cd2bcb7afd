import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import NearMeOutlined from '@mui/icons-material/NearMeOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { firstPaintImage, ImageWithFallback, type PlaceholderKind } from '#client/components/media/image-with-fallback';
import { UserText } from '#client/components/i18n/bidi';
import { useDataTitles } from '#client/components/format/data-titles';

/** "address, city, country" with empty parts left out. */
export function addressLine(...parts: Array<string | null | undefined>): string {
  return parts
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

export interface ProviderCardProps {
  name: string;
  image: string;
  speciality?: string;
  address: string;
  /** the detail URL; without it the card is not a link */
  to?: string;
  /** router state handed to the detail page (the listing record) */
  state?: unknown;
  placeholder?: PlaceholderKind;
  headingLevel?: 'h2' | 'h3';
  /** extra content under the address (e.g. a shelter's links) */
  children?: ReactNode;
  /** one of the first cards, in view when the page opens: its photo loads at once, first */
  priority?: boolean;
  /** "near me": how far away, e.g. "2.4 km away" */
  distance?: string;
}

/** "2.4 km away" under a card's details, with an arrow icon. */
export function DistanceLine({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', color: 'text.primary' }} data-testid="distance">
      <NearMeOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** A sitter, trainer, walker, groomer, vet or shelter in a listing. */
export function ProviderCard({
  name,
  image,
  speciality,
  address,
  to,
  state,
  placeholder = 'provider',
  headingLevel = 'h2',
  priority = false,
  distance,
  children,
}: ProviderCardProps) {
  const titles = useDataTitles();
  const body = (
    <>
      <ImageWithFallback
        src={image}
        alt=""
        placeholder={placeholder}
        sx={{ aspectRatio: '4 / 3' }}
        {...(priority ? firstPaintImage : {})}
      />
      <CardContent sx={{ flex: children ? '0 0 auto' : 1, display: 'grid', gap: 0.75, alignContent: 'start' }}>
        {/* Every line takes the page's side; what the provider wrote keeps its own direction inside it (docs/decisions/0107). */}
        <Typography component={headingLevel} variant="h3" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
          <UserText>{name}</UserText>
        </Typography>
        {speciality && (
          <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
            <bdi>{titles.speciality(speciality)}</bdi>
          </Typography>
        )}
        {address && (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'text.secondary' }}>
            <PlaceOutlined fontSize="small" aria-hidden sx={{ mt: '2px' }} />
            <Typography variant="body2">
              <UserText>{address}</UserText>
            </Typography>
          </Box>
        )}
        {distance && <DistanceLine text={distance} />}
      </CardContent>
    </>
  );
  return (
    <Card
      sx={{
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'transform 120ms ease, box-shadow 120ms ease',
        '&:hover': to ? { transform: 'translateY(-2px)', boxShadow: 6 } : undefined,
      }}
    >
      {to ? (
        <CardActionArea
          component={RouterLink}
          to={to}
          state={state}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', flex: 1 }}
        >
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>{body}</Box>
      )}
      {children}
    </Card>
  );
}
