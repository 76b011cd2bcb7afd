import { useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from 'react-i18next';
import { PICTURE_ZOOM_STEP } from '#shared/constants';
import { clampZoom, zoomAfterWheel } from '#client/features/portal/visits/zoom';

/** An enlarged visit picture: mouse-wheel zoom 0.5–3 in steps of 0.1 (and buttons for the keyboard). */
export function PictureViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const [zoom, setZoom] = useState(1);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="picture-viewer-title">
      <DialogTitle id="picture-viewer-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{t('editVisit.picture')}</Box>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('editVisit.zoomOut')} onClick={() => setZoom((z) => clampZoom(z - PICTURE_ZOOM_STEP))}>
            <ZoomOutIcon />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
            {Math.round(zoom * 100)}%
          </Typography>
          <IconButton aria-label={t('editVisit.zoomIn')} onClick={() => setZoom((z) => clampZoom(z + PICTURE_ZOOM_STEP))}>
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label={t('close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
      </DialogTitle>
      <DialogContent
        onWheel={(e) => setZoom((z) => zoomAfterWheel(z, e.deltaY))}
        sx={{ overflow: 'auto', display: 'grid', placeItems: 'center', minHeight: '60vh', bgcolor: 'grey.900' }}
      >
        <Box component="img" src={url} alt={t('editVisit.picture')} sx={{ maxWidth: '100%', maxHeight: '70vh', transform: `scale(${zoom})`, transition: 'transform 80ms' }} />
      </DialogContent>
    </Dialog>
  );
}
