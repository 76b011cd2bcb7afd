import { styled, useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useTranslation } from 'react-i18next';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';

// A plain round button (no ButtonBase / ripple): the header is on Home, whose JavaScript has a budget.
const RoundButton = styled('button')(({ theme }) => ({
  width: 44,
  height: 44,
  display: 'inline-grid',
  placeItems: 'center',
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: (theme.vars ?? theme).palette.text.secondary,
  cursor: 'pointer',
  '&:hover': { background: (theme.vars ?? theme).palette.action.hover },
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
}));

/** Light / dark switch; MUI remembers the choice in localStorage. */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { mode, systemMode, setMode } = useColorScheme();
  // Server-rendered pages do not know the visitor's mode: show the light state until hydrated.
  const hydrated = useBrowserValue(() => true, false);
  const current = (hydrated ? (mode === 'system' ? systemMode : mode) : null) ?? 'light';
  const next = current === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('layout.darkMode') : t('layout.lightMode');
  return (
    <RoundButton type="button" aria-label={label} title={label} onClick={() => setMode(next)}>
      {current === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </RoundButton>
  );
}
