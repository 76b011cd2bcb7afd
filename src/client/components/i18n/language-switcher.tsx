import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/languages';
import { useLanguage } from '#client/components/i18n/language';

const Select = styled('select')(({ theme }) => ({
  appearance: 'none',
  font: 'inherit',
  fontSize: '0.9rem',
  color: theme.vars ? theme.vars.palette.text.primary : theme.palette.text.primary,
  background: 'transparent',
  border: `1px solid ${theme.vars ? theme.vars.palette.divider : theme.palette.divider}`,
  borderRadius: 10,
  padding: '6px 10px',
  paddingInlineStart: 32,
  minHeight: 40,
  cursor: 'pointer',
  '&:focus-visible': {
    outline: `2px solid ${theme.vars ? theme.vars.palette.primary.main : theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  '& option': { color: '#1c2622', background: '#fff' },
}));

/** English / Español / العربية; the choice is remembered (i18next caches it in localStorage). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = useLanguage();
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center' }}>
      <TranslateIcon
        aria-hidden
        fontSize="small"
        sx={{ position: 'absolute', insetInlineStart: 8, pointerEvents: 'none', color: 'primary.main' }}
      />
      <Select
        aria-label={t('layout.language')}
        value={current}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </Select>
    </Box>
  );
}
