import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PetDueStatus } from '#shared/constants';

// Filled with white text on fixed shades, at 4.5:1 or more in the light and the dark theme (MUI's warning.dark is
// 4.48:1 and the dark theme's derived shades less); up to date stays outlined. The words say the status, the colour
// only repeats it.
const FILL: Record<PetDueStatus, string | null> = {
  overdue: '#b71c1c',
  due: '#b45309',
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
