import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetOwner } from '#shared/contract/vet-owners';
import { useVetOwners } from '#client/api/portal-owners';
import { useDebouncedValue } from '#client/components/hooks/use-debounced-value';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';

/** How many owners the picker offers for what was typed. */
const OFFERED = 8;

/**
 * The pet form's owner picker (issue 32): typing a name, phone or e-mail offers the clinic's owners (GetVetOwners'
 * search); picking one makes the pet theirs. Left empty, the form's owner fields (SPEC.md §5) make a new owner, or on
 * an existing pet change its owner.
 */
export function OwnerPicker({
  value,
  onChange,
  editing,
}: {
  value: VetOwner | null;
  onChange: (owner: VetOwner | null) => void;
  /** on an existing pet: picking moves it to another owner */
  editing: boolean;
}) {
  const { t } = useTranslation('portal');
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim());
  // while an owner is picked the input shows their name: no search for it
  const searching = term !== '' && value === null;
  const owners = useVetOwners({ page: 1, limit: OFFERED, searchTerm: term }, searching);
  const options = searching ? (owners.data?.owners ?? []) : value ? [value] : [];
  return (
    <Autocomplete
      options={options}
      value={value}
      inputValue={value ? value.name : input}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_e, owner) => {
        setInput('');
        onChange(owner);
      }}
      // the server searched: every owner it answered is offered
      filterOptions={(list) => list}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.ID === b.ID}
      loading={searching && owners.isFetching}
      noOptionsText={term === '' ? t('pets.form.ownerPickType') : t('pets.form.ownerPickNone')}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography>
              <UserText>{o.name}</UserText>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <Phone>{o.phone}</Phone>
              {o.email ? (
                <>
                  {' · '}
                  <Ltr>{o.email}</Ltr>
                </>
              ) : null}
              {' · '}
              {t('owners.petCount', { count: o.petCount })}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('pets.form.ownerPick')}
          helperText={
            value
              ? t('pets.form.ownerPicked')
              : editing
                ? t('pets.form.ownerPickHelpEdit')
                : t('pets.form.ownerPickHelp')
          }
        />
      )}
    />
  );
}
