import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { formatAge } from '#client/components/format/age';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#client/components/format/dates';
import { firstPaintImage, ImageWithFallback } from '#client/components/media/image-with-fallback';
import { DistanceLine } from '#client/components/lists/provider-card';
import { UserText } from '#client/components/i18n/bidi';

export interface PetCardProps {
  name: string;
  image: string;
  /** whole years */
  age: number;
  /** the pet profile URL */
  to: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** one of the first cards, in view when the page opens: its photo loads at once, first */
  priority?: boolean;
  /** lost pets near me: how far away the pet was last seen, e.g. "2.4 km away" */
  distance?: string;
  /** the breed, where no breed heading stands over the card (lost pets nearest first) */
  breed?: string;
  /** a lost pet: when (yyyy-mm-dd) and where it was last seen */
  lastSeen?: { date: string | null | undefined; place: string | null | undefined };
}

const lineSx = { display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'text.secondary', mt: 0.5 } as const;
/**
 * What the owner wrote, isolated in its own direction inside the page's sentence (FSI…PDI, as <bdi dir="auto">): "Near"
 * stays on the page's side in Arabic.
 */
function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

const iconSx = { fontSize: 18, mt: '1px', flexShrink: 0 } as const;

/**
 * A pet in a listing: large photo, name and age (and a lost pet's last-seen date and place); the whole card links to
 * the pet's profile.
 */
export function PetCard({
  name,
  image,
  age,
  to,
  headingLevel = 'h3',
  priority = false,
  distance,
  breed,
  lastSeen,
}: PetCardProps) {
  const { t, i18n } = useTranslation('common');
  const seenOn = lastSeen?.date ? formatLongDate(lastSeen.date, i18n.language) : '';
  const seenAt = lastSeen?.place?.trim() ?? '';
  return (
    <Card
      sx={{
        width: '100%',
        display: 'flex',
        transition: 'transform 120ms ease, box-shadow 120ms ease',
        '&:hover': { transform: 'translateY(-2px)', boxShadow: 6 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
      >
        <ImageWithFallback
          src={image}
          alt=""
          placeholder="pet"
          sx={{ aspectRatio: '1 / 1' }}
          {...(priority ? firstPaintImage : {})}
        />
        <CardContent sx={{ p: { xs: 1.5, md: 2 }, flex: 1 }}>
          <Typography
            component={headingLevel}
            variant="h3"
            sx={{ fontSize: { xs: '1rem', md: '1.125rem' }, overflowWrap: 'anywhere' }}
          >
            <UserText>{name}</UserText>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {breed ? (
              <>
                <bdi>{breed}</bdi>
                {' · '}
              </>
            ) : null}
            {formatAge(t, age)}
          </Typography>
          {seenOn && (
            <Box sx={lineSx} data-testid="last-seen-date">
              <EventOutlined aria-hidden sx={iconSx} />
              <Typography variant="body2">{t('lastSeen.on', { date: seenOn })}</Typography>
            </Box>
          )}
          {seenAt && (
            <Box sx={lineSx} data-testid="last-seen-place">
              <PlaceOutlined aria-hidden sx={iconSx} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('lastSeen.at', { place: isolated(seenAt) })}
              </Typography>
            </Box>
          )}
          {distance && <DistanceLine text={distance} />}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
