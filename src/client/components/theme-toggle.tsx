import { Button } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useTranslation } from 'react-i18next';

/** Light / dark switch; MUI remembers the choice in localStorage. (A Button, not IconButton: one less chunk on Home.) */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { mode, systemMode, setMode } = useColorScheme();
  const current = (mode === 'system' ? systemMode : mode) ?? 'light';
  const next = current === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('layout.darkMode') : t('layout.lightMode');
  return (
    <Button aria-label={label} title={label} onClick={() => setMode(next)} sx={{ color: 'text.secondary', minWidth: 44, minHeight: 44, borderRadius: '50%', p: 1 }}>
      {current === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </Button>
  );
}
