import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import NearMe from '@mui/icons-material/NearMe';
import MyLocation from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import type { NearMePosition } from '#shared/contract/near-me';

type Status = 'idle' | 'asking' | 'locating' | 'failed';

export interface NearMeControlProps {
  /** the position in use (from the URL), or null */
  near: NearMePosition | null;
  onChange: (position: NearMePosition | null) => void;
  /** what the prompt asks for, e.g. "Find the pet sitters closest to you by allowing location access." */
  prompt: string;
}

/**
 * "Near me": the page's own consent prompt first (worded like the lost-pet prompt), then the
 * browser's location request. Declining, or the browser refusing, leaves the listing as it was.
 * When on, the same button turns it off.
 */
export function NearMeControl({ near, onChange, prompt }: NearMeControlProps) {
  const { t } = useTranslation('directory');
  const [status, setStatus] = useState<Status>('idle');

  const locate = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('failed');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setStatus('idle');
        onChange({ latitude: p.coords.latitude, longitude: p.coords.longitude });
      },
      (error) => {
        console.warn('Near me: no location:', error.message);
        setStatus('failed');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        variant={near ? 'contained' : 'outlined'}
        aria-pressed={near !== null}
        startIcon={<NearMe aria-hidden />}
        onClick={() => (near ? onChange(null) : setStatus('asking'))}
        disabled={status === 'locating'}
        data-testid="near-me"
        sx={{ minHeight: 40 }}
      >
        {status === 'locating' ? t('nearMe.locating') : t('nearMe.button')}
      </Button>
      <Box aria-live="polite">
        {near && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('nearMe.active')}
          </Typography>
        )}
        {status === 'failed' && !near && (
          <Alert
            severity="info"
            onClose={() => setStatus('idle')}
            slotProps={{ closeButton: { title: t('nearMe.dismiss'), 'aria-label': t('nearMe.dismiss') } }}
          >
            {t('nearMe.failed')}
          </Alert>
        )}
      </Box>
      <Dialog
        open={status === 'asking'}
        onClose={() => setStatus('idle')}
        aria-labelledby="near-me-title"
        aria-describedby="near-me-text"
      >
        <DialogTitle id="near-me-title">{t('nearMe.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="near-me-text" sx={{ color: 'text.primary', mb: 1 }}>
            {prompt}
          </DialogContentText>
          <DialogContentText variant="body2">{t('nearMe.detail')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setStatus('idle')}>{t('nearMe.decline')}</Button>
          <Button onClick={locate} variant="contained" startIcon={<MyLocation aria-hidden />} autoFocus>
            {t('nearMe.allow')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
