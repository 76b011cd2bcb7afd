import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/** The Visits tab's search (pet, owner name, phone or e-mail), at a desk and on a phone alike. */
export function VisitSearchField({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('portal');
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('desk.visits.searchPlaceholder')}
      slotProps={{
        htmlInput: { 'aria-label': t('desk.visits.searchLabel'), maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      sx={sx}
    />
  );
}
