import { useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from 'react-i18next';
import { PICTURE_ZOOM_STEP } from '#shared/constants';
import { formatNumber } from '#client/components/numbers';
import { clampZoom, zoomAfterWheel } from '#client/components/zoom';

/**
 * A picture enlarged in a dialog: mouse-wheel zoom 0.5–3 in steps of 0.1 (and buttons for the
 * keyboard). The portal's visit pictures and the public profile's record pictures open in it.
 */
export function PictureViewer({ url, alt, onClose }: { url: string; /** what the picture shows; "Picture" when omitted */ alt?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [zoom, setZoom] = useState(1);
  const title = alt?.trim() || t('picture.title');
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="picture-viewer-title">
      <DialogTitle id="picture-viewer-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }} dir="auto">
          {title}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
          <IconButton aria-label={t('picture.zoomOut')} onClick={() => setZoom((z) => clampZoom(z - PICTURE_ZOOM_STEP))}>
            <ZoomOutIcon />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
            {formatNumber(zoom, i18n.language, { style: 'percent' })}
          </Typography>
          <IconButton aria-label={t('picture.zoomIn')} onClick={() => setZoom((z) => clampZoom(z + PICTURE_ZOOM_STEP))}>
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label={t('picture.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
      </DialogTitle>
      <DialogContent
        onWheel={(e) => setZoom((z) => zoomAfterWheel(z, e.deltaY))}
        sx={{ overflow: 'auto', display: 'grid', placeItems: 'center', minHeight: '60vh', bgcolor: 'grey.900' }}
      >
        <Box component="img" src={url} alt={title} sx={{ maxWidth: '100%', maxHeight: '70vh', transform: `scale(${zoom})`, transition: 'transform 80ms' }} />
      </DialogContent>
    </Dialog>
  );
}
