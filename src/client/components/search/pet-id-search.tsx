import { useState, type FormEvent } from 'react';
import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PET_PROFILE_PATH, petProfilePath } from '#shared/pet-profile-path';
import { HomeSubmitButton } from '#client/components/page/home-buttons';

/** The pet profile URL for a typed public ID (SPEC.md §2: no emptiness check). */
export function petSearchUrl(publicId: string): string {
  return petProfilePath({ publicId }, 'Home');
}

// A native input: MUI's InputBase would add a chunk to the home page's JavaScript budget.
const SearchInput = styled('input')(({ theme }) => ({
  flex: '1 1 0',
  minWidth: 0,
  width: '100%',
  font: 'inherit',
  fontSize: '1rem',
  color: (theme.vars ?? theme).palette.text.primary,
  background: 'transparent',
  border: 0,
  outline: 'none',
  padding: '10px 0',
  '&::placeholder': { color: (theme.vars ?? theme).palette.text.secondary, opacity: 1 },
}));

/**
 * "Enter Pet Public ID" → /Pets/Details?publicId=…&isFrom=Home: on the home page, and on a pet's not-found page to try
 * again (issue 36, item 7).
 */
export function PetIdSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(petSearchUrl(value));
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.label')}
      onSubmit={submit}
      // The same address as a plain form, so the search works before the page's JavaScript has run.
      action={PET_PROFILE_PATH}
      method="get"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 0.75,
        pl: 2,
        borderRadius: '999px',
        bgcolor: 'background.paper',
        boxShadow: '0 6px 24px rgba(0, 61, 51, 0.14)',
        border: 1,
        borderColor: 'divider',
        width: '100%',
        minWidth: 0,
        maxWidth: 520,
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <SearchIcon aria-hidden sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
      <SearchInput
        type="search"
        name="publicId"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        autoComplete="off"
        spellCheck={false}
      />
      <input type="hidden" name="isFrom" value="Home" />
      <HomeSubmitButton type="submit" tone="accent" sx={{ borderRadius: '999px', px: { xs: 2, sm: 3 } }}>
        {t('search.submit')}
      </HomeSubmitButton>
    </Box>
  );
}
