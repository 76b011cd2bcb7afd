/**
 * sx/style for text that screen readers announce but the page does not show. Lengths are strings
 * with units: in MUI's sx a bare number from 0 to 1 is a fraction (`width: 1` is 100 %), which once
 * made this box as large as its positioned ancestor and let the page scroll past its footer.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
