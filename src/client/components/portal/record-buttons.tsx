import { Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';

/** A record card's "Edit" button; `label` names the record for a screen reader ("Edit the visit of Rex"). */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('portal');
  return (
    <Button startIcon={<EditIcon />} onClick={onClick} aria-label={label}>
      {t('edit')}
    </Button>
  );
}

/** A record card's "Delete" button (it asks first: SPEC.md's confirmation, then Undo). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('portal');
  return (
    <Button color="error" startIcon={<DeleteIcon />} onClick={onClick} aria-label={label}>
      {t('delete')}
    </Button>
  );
}
