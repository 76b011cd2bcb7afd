import { useEffect, useRef } from 'react';
import { Box, Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { useTranslation } from 'react-i18next';
import type { LostPetDetails } from '#shared/contract/pets';
import { MAP_ZOOM, PET_MAP_HEIGHT_PX } from '#shared/constants';
import { MapView } from '../../components/map-view';
import { DetailList, type DetailItem } from './detail-list';
import { formatLongDate, orNotAvailable } from './format';

interface LostPanelProps {
  petName: string;
  details: LostPetDetails | null;
  onClose: () => void;
  onHelpFind: () => void;
}

/** "Lost Pet Information": last seen, contact, location, reward, notes and a map at the lost place. */
export function LostPanel({ petName, details, onClose, onHelpFind }: LostPanelProps) {
  const { t, i18n } = useTranslation('pet');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const na = t('notAvailable');
  const contact = details?.contactPhoneNumber?.trim() ?? '';
  const items: DetailItem[] = [
    { label: t('lost.lastSeen'), value: details?.lostDate ? formatLongDate(details.lostDate, i18n.language) : na },
    { label: t('lost.contact'), value: contact ? <Link href={`tel:${contact.replace(/[^\d+]/g, '')}`} dir="ltr">{contact}</Link> : na },
    { label: t('lost.location'), value: orNotAvailable(details?.address, na) },
    { label: t('lost.reward'), value: orNotAvailable(details?.reward, t('lost.notSpecified')) },
  ];
  if (details?.notes?.trim()) items.push({ label: t('lost.notes'), value: details.notes });
  const hasMap = details?.latitude !== null && details?.latitude !== undefined && details.longitude !== null && details.longitude !== undefined;

  return (
    <Paper
      component="section"
      aria-labelledby="lost-panel-heading"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderColor: 'error.main', borderWidth: 2, position: 'relative' }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id="lost-panel-heading" ref={headingRef} tabIndex={-1} variant="h2" sx={{ color: 'error.main', outline: 'none' }}>
          {t('lost.heading')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('lost.close')} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DetailList items={items} columns={1} />
          <Button variant="contained" color="secondary" startIcon={<VolunteerActivismOutlined aria-hidden />} onClick={onHelpFind} sx={{ mt: 3 }}>
            {t('lost.helpFind')}
          </Button>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {hasMap ? (
            <MapView
              latitude={details.latitude as number}
              longitude={details.longitude as number}
              zoom={MAP_ZOOM}
              height={PET_MAP_HEIGHT_PX}
              label={t('lost.mapLabel', { name: petName })}
            />
          ) : (
            <Typography role="status" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
              {t('lost.noMap')}
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
