import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@mui/material';

/**
 * Text that is written left to right in every language: phone numbers, e-mail and web addresses,
 * public IDs, microchip numbers, currency codes with amounts. Isolated (<bdi>) and set left to right,
 * so in a right-to-left page "+34 96 550 44 79" keeps its order and does not reorder the text
 * around it (docs/decisions/0107-right-to-left.md).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/**
 * A phone number: left to right like `Ltr`, and never broken between its digits (a reminder card on a Spanish phone
 * wrapped "+34 93 474 / 17 88", issue 36).
 */
export function Phone({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </bdi>
  );
}

/**
 * Text that people wrote (notes, descriptions, names): it takes its own direction from its first
 * strong letter, and each line its own (an English note in the Arabic portal ends with its full
 * stop on the right), isolated from the page around it. `component` keeps the element's role
 * (a paragraph, a heading); inline by default.
 */
export function UserText({
  children,
  component = 'bdi',
  sx,
  ...rest
}: { children: ReactNode; component?: 'bdi' | 'p' | 'div' | 'span' } & Omit<
  BoxProps,
  'component' | 'dir' | 'children'
>) {
  const block = component === 'p' || component === 'div';
  return (
    <Box
      component={component}
      dir="auto"
      {...rest}
      sx={[
        { unicodeBidi: block ? 'plaintext' : 'isolate', textAlign: block ? 'start' : undefined },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/**
 * Props for an input whose value is written left to right (phone, e-mail): its text keeps its order in a right-to-left
 * form.
 */
export const LTR_INPUT = { dir: 'ltr' } as const;

/** Props for an input people write in (notes, names): it follows the direction of what is typed. */
export const USER_TEXT_INPUT = { dir: 'auto' } as const;
