import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Said where the wellness tabs would be: the owner keeps the pet's records private (SPEC.md §5), so none are shown. */
export function PrivateRecordsNote({ petName }: { petName: string }) {
  const { t } = useTranslation('pet');
  return (
    <Alert severity="info" variant="outlined" data-testid="records-private">
      {t('wellness.private', { name: petName })}
    </Alert>
  );
}
