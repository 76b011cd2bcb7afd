import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  /** the buttons' words: SPEC.md's Yes / No unless the question needs its own ("Discard", "Keep editing") */
  yesLabel?: string;
  noLabel?: string;
  onYes: () => void;
  onNo: () => void;
}

/** "Confirm Deletion" style Yes / No dialog; No has the focus, Escape and a click outside answer No. */
export function ConfirmDialog({ open, title, text, busy = false, yesLabel, noLabel, onYes, onNo }: Props) {
  const { t } = useTranslation('portal');
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} autoFocus>
          {noLabel ?? t('no')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onYes}>
          {yesLabel ?? t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
