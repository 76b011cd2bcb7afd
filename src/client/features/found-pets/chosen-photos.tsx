import { useEffect, useMemo } from 'react';
import { Box, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

/** The photos a finder picked, as thumbnails, each with a button that takes it out of the report. */
export function ChosenPhotos({ photos, onRemove }: { photos: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation('found');
  const urls = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (!photos.length) return null;
  return (
    <Stack component="ul" direction="row" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {urls.map((url, index) => (
        <Box component="li" key={url} sx={{ position: 'relative' }}>
          <Box
            component="img"
            src={url}
            alt={t('report.photoN', { n: index + 1 })}
            sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 2, display: 'block' }}
          />
          <IconButton
            size="small"
            aria-label={t('report.removePhoto', { n: index + 1 })}
            onClick={() => onRemove(index)}
            sx={{
              position: 'absolute',
              top: 2,
              insetInlineEnd: 2,
              bgcolor: 'background.paper',
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Stack>
  );
}
