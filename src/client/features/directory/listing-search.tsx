import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_DEBOUNCE_MS } from '#shared/constants';
import { LISTING_SEARCH_MAX } from '#shared/listing-query';

/**
 * The adoption and lost listings' text search (issue 36, item 11): a pet's name or breed. What is typed goes to the
 * address (?search=) once typing pauses, replacing the history entry, and at once on Enter; the address's value
 * shows again after back or forward.
 */
export function ListingSearch({
  value,
  onSearch,
  label,
  placeholder,
}: {
  /** the search the address holds */
  value: string;
  onSearch: (text: string, replace: boolean) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // back, forward or a link changed the address's search: the box shows it
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(pause.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => onSearch(next, true), SEARCH_DEBOUNCE_MS);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(pause.current);
    onSearch(text, false);
  };

  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={{ flex: '1 1 260px', maxWidth: 420 }}>
      <TextField
        type="search"
        name="search"
        size="small"
        fullWidth
        value={text}
        onChange={(e) => change(e.target.value)}
        placeholder={placeholder}
        slotProps={{
          htmlInput: { 'aria-label': label, maxLength: LISTING_SEARCH_MAX, enterKeyHint: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
