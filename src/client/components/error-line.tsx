import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** SPEC.md §8: "Error: {message}" in place of a screen's content. */
export function ErrorLine({ message }: { message: string }) {
  const { t } = useTranslation('common');
  return (
    <Typography
      role="alert"
      sx={{ color: 'error.main', fontWeight: 600, py: 3, px: 2, borderRadius: '12px', bgcolor: 'action.hover', textAlign: 'center' }}
    >
      {t('errorLine', { message })}
    </Typography>
  );
}

/** The message of an unknown thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}
