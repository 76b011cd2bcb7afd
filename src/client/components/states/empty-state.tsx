import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import PetsOutlined from '@mui/icons-material/PetsOutlined';

/** A calm "nothing here" panel with an icon, a message and an optional action. */
export function EmptyState({ message, icon, action }: { message: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        color: 'text.secondary',
        display: 'grid',
        justifyItems: 'center',
        gap: 1.5,
      }}
    >
      <Box aria-hidden sx={{ fontSize: 48, color: 'primary.main', opacity: 0.6, display: 'flex' }}>
        {icon ?? <PetsOutlined fontSize="inherit" />}
      </Box>
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
