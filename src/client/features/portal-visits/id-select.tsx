import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VisitFormState } from '#client/features/portal-visits/visit-form-state';

/** A choice of the form's by id (the vet user, the weight's unit), its error under it. */
export function IdSelect({
  name,
  label,
  options,
  sx,
}: {
  name: 'vetUserId' | 'weightUnitId';
  label: string;
  options: { id: number; title: string }[];
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('portal');
  return (
    <Controller<VisitFormState, typeof name>
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(Number(e.target.value) || null)}
          onBlur={field.onBlur}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
          sx={sx}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.title}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
