import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A plain text link inside the app (primary colour, underline on hover, visible focus).
 * Lighter than MUI's Link + Typography, so the header and footer stay cheap on the home page.
 */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: (theme.vars ?? theme).palette.primary.main,
  fontWeight: 600,
  textDecoration: 'none',
  borderRadius: 4,
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
}));

/** The same look for an in-page action that is not a navigation (e.g. history back). */
export const TextLinkButton = styled('button')(({ theme }) => ({
  font: 'inherit',
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  color: (theme.vars ?? theme).palette.primary.main,
  fontWeight: 600,
  borderRadius: 4,
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
}));
