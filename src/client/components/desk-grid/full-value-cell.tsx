import { Box } from '@mui/material';
import { UserText } from '#client/components/i18n/bidi';

/**
 * A grid cell's value, cut with an ellipsis, the whole value in its title. The value sits at the page's start side and
 * is cut at the end of its own direction: `ltr` for a phone number or e-mail address, otherwise text people wrote in
 * the direction of its first strong letter (docs/decisions/0107). A cut in the page's direction clipped an address's
 * beginning in Arabic ("…ier.garcia6@example.net", issue 36 item 9).
 */
export function FullValueCell({ value, ltr = false }: { value: string | null | undefined; ltr?: boolean }) {
  const text = value ?? '';
  const shown = { title: text, 'data-full-value': text, sx: CUT_SX };
  return (
    <Box component="span" sx={{ display: 'block', textAlign: 'start', minWidth: 0 }}>
      {ltr ? (
        <Box component="bdi" dir="ltr" {...shown}>
          {text}
        </Box>
      ) : (
        <UserText {...shown}>{text}</UserText>
      )}
    </Box>
  );
}

const CUT_SX = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
} as const;
