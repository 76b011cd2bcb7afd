import { useState } from 'react';
import { Button, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#client/components/states/error-line';

/** How long the Undo stays offered after a delete (issue 20); the "Recently deleted" view keeps it for days. */
const UNDO_MS = 10_000;

export interface UndoOffer {
  /** what was deleted, e.g. "Rex was deleted." */
  message: string;
  /** brings it back (RestoreVetPet / RestoreVetVisit) */
  restore: () => Promise<unknown>;
}

/**
 * After a confirmed delete: a snackbar with Undo for UNDO_MS (paused while the pointer or focus is
 * on it). Undo restores what was deleted and says so; a failure says why.
 */
export function UndoSnackbar({ offer, onClose }: { offer: UndoOffer | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const [state, setState] = useState<{
    for: UndoOffer | null;
    kind: 'offer' | 'busy' | 'done' | 'failed';
    error: string;
  }>({ for: null, kind: 'offer', error: '' });
  // A new offer starts afresh (the state of an earlier one is dropped).
  const current = state.for === offer ? state : { for: offer, kind: 'offer' as const, error: '' };
  const undo = async () => {
    if (!offer) return;
    setState({ for: offer, kind: 'busy', error: '' });
    try {
      await offer.restore();
      setState({ for: offer, kind: 'done', error: '' });
    } catch (err) {
      setState({ for: offer, kind: 'failed', error: errorMessage(err) });
    }
  };
  const text =
    current.kind === 'done'
      ? t('undo.restored')
      : current.kind === 'failed'
        ? t('undo.failed', { message: current.error })
        : (offer?.message ?? '');
  return (
    <Snackbar
      open={offer !== null}
      autoHideDuration={current.kind === 'busy' ? null : UNDO_MS}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={text}
      action={
        current.kind === 'offer' || current.kind === 'busy' ? (
          // The snackbar's own text colour: it contrasts with its surface in light and dark mode.
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            disabled={current.kind === 'busy'}
            onClick={() => void undo()}
            sx={{ fontWeight: 700 }}
          >
            {t('undo.action')}
          </Button>
        ) : (
          <IconButton size="small" aria-label={t('close')} color="inherit" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )
      }
    />
  );
}
