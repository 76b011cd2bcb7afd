import { Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { VetPet } from '#shared/contract/vet';
import { microchipNumber } from '#shared/found-pets';
import { useVetPets } from '#client/api/portal-pets';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, UserText } from '#client/components/i18n/bidi';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { visuallyHidden } from '#client/components/page/visually-hidden';
import { usePortalScreens } from '#client/components/portal/portal-screens';
import { isQuickSearchShortcut, shortcutLabel } from '#client/features/portal-quick-search/shortcut';
import { LostChipNotice } from '#client/features/portal-quick-search/lost-chip-notice';

/** How many pets the quick search offers at once. */
const RESULTS = 8;

/**
 * Quick search (issue 21, item 7): Ctrl+K (Cmd+K on a Mac) anywhere in the portal, or the header's
 * search button, opens a search over the clinic's pets (name, owner name, phone, e-mail,
 * microchip: the server's folded search); a microchip number is also looked up among the pets reported lost anywhere
 * on Pawtal (LostChipNotice, issue 34). The input is an ARIA 1.2 combobox over a listbox: arrow
 * keys move through the pets, Enter opens the chosen pet's profile, Escape closes.
 */
export function QuickSearch() {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const { PetProfileDialog } = usePortalScreens();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [profileId, setProfileId] = useState<number | null>(null);
  const term = useDebouncedValue(text.trim());
  const pets = useVetPets({ page: 1, limit: RESULTS, searchTerm: term }, open && term !== '');
  const results: VetPet[] = term === '' ? [] : (pets.data?.pets ?? []);
  // a scanned microchip (15 digits, spaces and dashes ignored) is also looked up among pets lost anywhere on Pawtal
  const chip = open ? microchipNumber(term) : null;
  const shortcut = shortcutLabel();

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isQuickSearchShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setText('');
    setActive(0);
  };

  const choose = (pet: VetPet | undefined) => {
    if (!pet) return;
    close();
    setProfileId(pet.ID);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (results.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[Math.min(active, results.length - 1)]);
    }
  };

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-pet-${i}`;
  const expanded = results.length > 0;
  const status =
    term === ''
      ? t('quickSearch.hint')
      : pets.isFetching && !pets.data
        ? t('loading')
        : results.length === 0
          ? t('pets.empty')
          : t('quickSearch.found', { count: pets.data?.count ?? results.length });

  return (
    <>
      <Tooltip title={t('quickSearch.open', { shortcut })}>
        <IconButton
          aria-label={t('quickSearch.open', { shortcut })}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-title`}
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } } } }}
      >
        <Typography id={`${id}-title`} component="h2" sx={visuallyHidden}>
          {t('quickSearch.title')}
        </Typography>
        <DialogContent sx={{ p: 1.5 }}>
          <TextField
            autoFocus
            fullWidth
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            placeholder={t('quickSearch.placeholder')}
            slotProps={{
              htmlInput: {
                role: 'combobox',
                'aria-label': t('quickSearch.title'),
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-autocomplete': 'list',
                'aria-activedescendant': expanded ? optionId(Math.min(active, results.length - 1)) : undefined,
                'aria-describedby': `${id}-status`,
                autoComplete: 'off',
                maxLength: 200,
                onKeyDown,
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
                endAdornment: pets.isFetching ? <CircularProgress size={18} aria-hidden /> : undefined,
              },
            }}
          />
          <Typography id={`${id}-status`} role="status" variant="body2" color="text.secondary" sx={{ px: 1, pt: 1 }}>
            {status}
          </Typography>
          {chip && <LostChipNotice microChipId={chip} />}
          <Box
            component="ul"
            id={listId}
            role="listbox"
            aria-label={t('quickSearch.results')}
            sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}
          >
            {results.map((pet, i) => {
              const selected = i === Math.min(active, results.length - 1);
              return (
                <Box
                  component="li"
                  key={pet.ID}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(pet)}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    px: 1,
                    py: 0.75,
                    borderRadius: 2,
                    cursor: 'pointer',
                    bgcolor: selected ? 'action.selected' : undefined,
                    outline: selected ? '2px solid' : undefined,
                    outlineColor: 'primary.main',
                  }}
                >
                  <PetAvatar src={pet.petImage} name={pet.petName} size={36} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      <UserText>{pet.petName}</UserText>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      <bdi>{titles.petType(pet.petTypeId, pet.petType)}</bdi> ·{' '}
                      <bdi>{titles.breed(pet.petBreedId, pet.petBreed)}</bdi> ·{' '}
                      <UserText>{pet.OwnerNameForVet}</UserText> · <Ltr>{pet.OwnerPhoneForVet}</Ltr>
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
        </DialogContent>
      </Dialog>
      <Suspense fallback={null}>
        {profileId !== null && <PetProfileDialog petProfileId={profileId} onClose={() => setProfileId(null)} />}
      </Suspense>
    </>
  );
}
