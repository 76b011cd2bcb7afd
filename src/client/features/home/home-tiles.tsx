import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import TravelExplore from '@mui/icons-material/TravelExplore';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import Weekend from '@mui/icons-material/Weekend';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import MedicalServices from '@mui/icons-material/MedicalServices';
import ContentCut from '@mui/icons-material/ContentCut';
import School from '@mui/icons-material/School';
import HomeWork from '@mui/icons-material/HomeWork';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

interface Tile {
  to: string;
  key: string;
  icon: ReactNode;
  accent?: boolean;
}

/** The seven tiles of SPEC.md §2, in its order, with Found Pets beside Lost Pets (issue 34): eight in all. */
const HOME_TILES: Tile[] = [
  { to: '/lost', key: 'lost', icon: <TravelExplore fontSize="inherit" />, accent: true },
  // the house icon the home page already loads (for shelters): a found pet is on its way home
  { to: '/found', key: 'found', icon: <HomeWork fontSize="inherit" /> },
  { to: '/adopt', key: 'adopt', icon: <VolunteerActivism fontSize="inherit" /> },
  { to: '/sitters', key: 'sitter', icon: <Weekend fontSize="inherit" /> },
  { to: '/walkers', key: 'walker', icon: <DirectionsWalk fontSize="inherit" /> },
  { to: '/vets', key: 'vet', icon: <MedicalServices fontSize="inherit" /> },
  { to: '/groomers', key: 'groomer', icon: <ContentCut fontSize="inherit" /> },
  { to: '/trainers', key: 'trainer', icon: <School fontSize="inherit" /> },
];

export function HomeTiles() {
  const { t } = useTranslation('home');
  return (
    <Box component="nav" aria-labelledby="home-tiles-heading">
      <Typography id="home-tiles-heading" component="h2" variant="h2" sx={{ mb: 2, textAlign: 'center' }}>
        {t('tiles.heading')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          // eight tiles in full rows: four rows of two on a phone, two of four, one of eight on a wide screen
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(8, minmax(0, 1fr))',
          },
        }}
      >
        {HOME_TILES.map((tile) => (
          <li key={tile.key}>
            <Box
              component={RouterLink}
              to={tile.to}
              sx={{
                height: '100%',
                minHeight: 112,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 1,
                p: 2,
                borderRadius: '20px',
                textDecoration: 'none',
                textAlign: 'center',
                fontWeight: 600,
                color: 'text.primary',
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                boxShadow: '0 2px 12px rgba(16, 40, 34, 0.06)',
                transition: 'transform 120ms ease, box-shadow 120ms ease, border-color 120ms ease',
                '&:hover': {
                  transform: 'translateY(-2px)',
                  boxShadow: '0 8px 24px rgba(16, 40, 34, 0.12)',
                  borderColor: 'primary.light',
                },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  fontSize: 32,
                  width: 56,
                  height: 56,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  color: tile.accent ? 'error.main' : 'primary.main',
                  bgcolor: tile.accent ? 'rgba(198, 40, 40, 0.08)' : 'rgba(0, 105, 95, 0.08)',
                }}
              >
                {tile.icon}
              </Box>
              {t(`tiles.${tile.key}`)}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
