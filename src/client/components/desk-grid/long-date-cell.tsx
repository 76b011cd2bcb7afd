import { Box } from '@mui/material';
import { formatLongDate } from '#client/components/format/dates';

/**
 * A date in a grid cell, in the long format of the reader's language. Where the column is narrower than the date
 * ("28 de septiembre de 2026" is 176 px, the Visits grid's column 150 px at 1024 and 1280 px windows), it goes on to a
 * second line instead of ending in an ellipsis: two lines fit the grid's rows of 56 px.
 */
export function LongDateCell({ value, language }: { value: string | null | undefined; language: string }) {
  const text = formatLongDate(value, language);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Box component="time" dateTime={value ?? undefined} sx={WRAPPED_SX}>
        {text}
      </Box>
    </Box>
  );
}

const WRAPPED_SX = { whiteSpace: 'normal', lineHeight: 1.3, overflowWrap: 'break-word', minWidth: 0 } as const;
