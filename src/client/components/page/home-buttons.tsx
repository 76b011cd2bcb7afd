import { styled, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Home's buttons, drawn with CSS only. MUI's Button pulls ButtonBase, the ripple and
 * CircularProgress into the page; Home has a JavaScript budget (docs/decisions/0030-home-page-bundle-budget.md).
 * Everywhere else, use MUI's Button.
 */
export type HomeButtonTone = 'accent' | 'outlined' | 'text' | 'bright';

const tones = (theme: Theme) => {
  const p = (theme.vars ?? theme).palette;
  return {
    accent: {
      background: p.secondary.main,
      color: p.secondary.contrastText,
      '&:hover': { background: p.secondary.dark },
    },
    outlined: {
      background: 'transparent',
      color: p.primary.main,
      borderColor: p.primary.main,
      '&:hover': { background: p.action.hover },
    },
    text: { background: 'transparent', color: p.primary.main, '&:hover': { background: p.action.hover } },
    // amber on the teal band of the shop section
    bright: { background: '#fbbf24', color: '#1f1300', '&:hover': { background: '#f59e0b' } },
  } as const;
};

const buttonStyle = ({ theme, tone = 'accent' }: { theme: Theme; tone?: HomeButtonTone }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 44,
  padding: '8px 20px',
  borderRadius: 10,
  border: '1px solid transparent',
  font: 'inherit',
  fontSize: '0.9375rem',
  fontWeight: 600,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms ease',
  '&:focus-visible': { outline: `3px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
  '& > svg': { fontSize: 20 },
  ...tones(theme)[tone],
});

/**
 * Props the styles read and the element never gets. A custom shouldForwardProp replaces MUI's own
 * filter, so it must keep `sx` (else React writes sx="[object Object]" into the page), `theme`,
 * `as` and `ownerState` away from the DOM as MUI does.
 */
const STYLE_ONLY_PROPS = new Set(['tone', 'sx', 'theme', 'as', 'ownerState']);
const notTone = { shouldForwardProp: (prop: string) => !STYLE_ONLY_PROPS.has(prop) };

export const HomeLinkButton = styled(RouterLink, notTone)<{ tone?: HomeButtonTone }>(buttonStyle);
export const HomeAnchorButton = styled('a', notTone)<{ tone?: HomeButtonTone }>(buttonStyle);
export const HomeSubmitButton = styled('button', notTone)<{ tone?: HomeButtonTone }>(buttonStyle);
