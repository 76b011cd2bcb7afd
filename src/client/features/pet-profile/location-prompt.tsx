import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import MyLocation from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';

/** The page's own consent prompt, shown before the browser's location request (SPEC.md §2 text). */
export function LocationPrompt({
  open,
  onAllow,
  onDecline,
}: {
  open: boolean;
  onAllow: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation('pet');
  return (
    <Dialog
      open={open}
      onClose={onDecline}
      aria-labelledby="location-prompt-title"
      aria-describedby="location-prompt-text"
    >
      <DialogTitle id="location-prompt-title">{t('location.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="location-prompt-text" sx={{ color: 'text.primary', mb: 1 }}>
          {t('location.prompt')}
        </DialogContentText>
        <DialogContentText variant="body2">{t('location.detail')}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {t('location.later')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onDecline}>{t('location.decline')}</Button>
        <Button onClick={onAllow} variant="contained" startIcon={<MyLocation aria-hidden />} autoFocus>
          {t('location.allow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
