import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import CloudDone from '@mui/icons-material/CloudDone';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Vaccines from '@mui/icons-material/Vaccines';
import SmartToy from '@mui/icons-material/SmartToy';
import Groups from '@mui/icons-material/Groups';
import Diversity3 from '@mui/icons-material/Diversity3';
import { useTranslation } from 'react-i18next';

/** The six premium tag features of SPEC.md §1. */
const FEATURES: Array<{ key: string; icon: ReactNode }> = [
  { key: 'cloudProfile', icon: <CloudDone fontSize="inherit" /> },
  { key: 'lostPet', icon: <NotificationsActive fontSize="inherit" /> },
  { key: 'reminders', icon: <Vaccines fontSize="inherit" /> },
  { key: 'assistant', icon: <SmartToy fontSize="inherit" /> },
  { key: 'localCare', icon: <Groups fontSize="inherit" /> },
  { key: 'friends', icon: <Diversity3 fontSize="inherit" /> },
];

export function PremiumFeatures() {
  const { t } = useTranslation('home');
  return (
    <Box component="section" aria-labelledby="premium-heading" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography id="premium-heading" component="h2" variant="h2" sx={{ textAlign: 'center' }}>
        {t('premium.heading')}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mt: 1, mb: 3, maxWidth: 620, mx: 'auto' }}>
        {t('premium.intro')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {FEATURES.map((f) => (
          <Box
            component="li"
            key={f.key}
            sx={{
              display: 'flex',
              gap: 2,
              alignItems: 'flex-start',
              p: 2.5,
              borderRadius: '16px',
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Box aria-hidden sx={{ fontSize: 28, color: 'secondary.main', display: 'flex', flexShrink: 0, mt: 0.25 }}>
              {f.icon}
            </Box>
            <Box>
              <Typography component="h3" variant="h3" sx={{ fontSize: '1.0625rem' }}>
                {t(`premium.features.${f.key}.title`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t(`premium.features.${f.key}.text`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
