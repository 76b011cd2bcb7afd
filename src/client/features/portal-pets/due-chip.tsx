import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PetDueStatus } from '#shared/constants';

// Filled on the dark shades (white text at 4.5:1 or more); up to date stays outlined. The words say the status, the
// colour only repeats it.
const FILL: Record<PetDueStatus, string | null> = {
  overdue: 'error.dark',
  due: 'warning.dark',
  upToDate: null,
};

/** A pet's reminder status on the Pets grid and cards (issue 33, item 6): overdue, due soon or up to date, in words. */
export function DueChip({ status }: { status: PetDueStatus }) {
  const { t } = useTranslation('portal');
  const fill = FILL[status];
  return (
    <Chip
      size="small"
      variant={fill ? 'filled' : 'outlined'}
      color={fill ? undefined : 'success'}
      label={t(`pets.due.${status}`)}
      data-testid="due-status"
      data-status={status}
      sx={{
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        ...(fill ? { bgcolor: fill, color: '#fff' } : {}),
      }}
    />
  );
}
