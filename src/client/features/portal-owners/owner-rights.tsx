import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetOwnerDetails } from '#shared/contract/vet-owners';
import { ERASE_PETS_CHOICES, type ErasePetsChoice } from '#shared/contract/vet-record-values';
import { ApiError } from '#client/api/client';
import { downloadOwnerData, useEraseOwner } from '#client/api/portal-owners';
import { useCan } from '#client/components/portal/can-access';
import { saveFile } from '#client/components/media/save-file';
import { ErrorLine } from '#client/components/states/error-line';

/**
 * An owner's rights (issue 32, item 7), for admins: "Export data" downloads everything the clinic keeps of them as
 * JSON; "Erase owner" asks what becomes of their pets, then erases their contact data for good. `onErased` closes
 * the owner's dialog (the owner is gone).
 */
export function OwnerRightsButtons({ owner, onErased }: { owner: VetOwnerDetails; onErased: () => void }) {
  const { t } = useTranslation('portal');
  const canExport = useCan('exportOwnerData');
  const canErase = useCan('eraseOwners');
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  if (!canExport && !canErase) return null;

  const exportData = async () => {
    setExporting(true);
    setError('');
    try {
      const { blob, filename } = await downloadOwnerData(owner.ID);
      saveFile(blob, filename);
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : t('owners.rights.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {canExport && (
        <Button variant="outlined" disabled={exporting} onClick={() => void exportData()}>
          {t('owners.rights.exportData')}
        </Button>
      )}
      {canErase && (
        <Button variant="outlined" color="error" onClick={() => setErasing(true)}>
          {t('owners.rights.erase')}
        </Button>
      )}
      {error && <ErrorLine plain message={error} />}
      {erasing && <EraseOwnerDialog owner={owner} onClose={() => setErasing(false)} onErased={onErased} />}
    </Stack>
  );
}

const CHOICE_LABEL = { keep: 'owners.rights.petsKeep', delete: 'owners.rights.petsDelete' } as const;

/** The erasure's confirmation: what happens, the choice for the pets (none made until the admin picks), a danger button. */
function EraseOwnerDialog({
  owner,
  onClose,
  onErased,
}: {
  owner: VetOwnerDetails;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation('portal');
  const erase = useEraseOwner();
  const [pets, setPets] = useState<ErasePetsChoice | null>(null);
  const [error, setError] = useState('');

  const confirm = async () => {
    if (!pets) return;
    setError('');
    try {
      await erase.mutateAsync({ ownerId: owner.ID, pets });
      onClose();
      onErased();
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : t('owners.rights.eraseFailed'));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="erase-owner-title" aria-describedby="erase-owner-text">
      <DialogTitle id="erase-owner-title">{t('owners.rights.eraseTitle', { name: owner.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="erase-owner-text">{t('owners.rights.eraseText')}</DialogContentText>
          {error && <ErrorLine plain message={error} />}
          <FormControl>
            <FormLabel id="erase-owner-pets">
              {t('owners.rights.petsQuestion')} ({owner.pets.length})
            </FormLabel>
            <RadioGroup
              aria-labelledby="erase-owner-pets"
              value={pets ?? ''}
              onChange={(e) => setPets(e.target.value as ErasePetsChoice)}
            >
              {ERASE_PETS_CHOICES.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={t(CHOICE_LABEL[choice])} />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={pets === null || erase.isPending}
          onClick={() => void confirm()}
        >
          {t('owners.rights.eraseConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
