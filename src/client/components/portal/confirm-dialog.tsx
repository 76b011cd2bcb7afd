import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** "Confirm Deletion" style Yes / No dialog. */
export function ConfirmDialog({ open, title, text, busy = false, onYes, onNo }: Props) {
  const { t } = useTranslation('portal');
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} autoFocus>
          {t('no')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onYes}>
          {t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
