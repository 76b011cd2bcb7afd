import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import {
  changePasswordFormSchema,
  changePinFormSchema,
  type ChangePasswordFormValues,
  type ChangePinFormValues,
} from '#shared/forms/staff-forms';
import { useChangePassword, useChangePin } from '#client/api/portal-staff';
import { ErrorLine } from '#client/components/states/error-line';

/** One secret field of a form, its message (an i18n key of staff: or account:) under it. */
function SecretField<F extends FieldValues>({
  form,
  name,
  label,
  autoComplete,
  numeric = false,
}: {
  form: UseFormReturn<F>;
  name: Path<F>;
  label: string;
  autoComplete: string;
  numeric?: boolean;
}) {
  const { t } = useTranslation(['staff', 'account']);
  const message = form.formState.errors[name]?.message;
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      {...form.register(name)}
      required
      error={!!message}
      helperText={typeof message === 'string' ? t(message) : ' '}
      slotProps={{
        htmlInput: { maxLength: numeric ? 8 : 1024, dir: 'ltr', ...(numeric ? { inputMode: 'numeric' } : {}) },
      }}
    />
  );
}

/** One's own new password, with the current one (SPEC.md §5's rules). */
export function ChangePasswordForm() {
  const { t } = useTranslation('staff');
  const change = useChangePassword();
  const [saved, setSaved] = useState(false);
  const form = useForm<ChangePasswordFormValues>({
    resolver: yupResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit((v) => {
    setSaved(false);
    change.mutate(
      { currentPassword: v.currentPassword, newPassword: v.password },
      {
        onSuccess: () => {
          setSaved(true);
          form.reset();
        },
      },
    );
  });
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="password-title">
      <Typography id="password-title" component="h2" variant="h3">
        {t('account.passwordTitle')}
      </Typography>
      {change.isError && <ErrorLine plain message={change.error.message} />}
      {saved && (
        <Alert severity="success" role="status">
          {t('account.passwordSaved')}
        </Alert>
      )}
      <SecretField
        form={form}
        name="currentPassword"
        label={t('account.currentPassword')}
        autoComplete="current-password"
      />
      <SecretField form={form} name="password" label={t('account.newPassword')} autoComplete="new-password" />
      <SecretField
        form={form}
        name="confirmPassword"
        label={t('account.confirmPassword')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('account.savePassword')}
      </Button>
    </Stack>
  );
}

/** One's own new desk PIN, with one's password. */
export function ChangePinForm() {
  const { t } = useTranslation('staff');
  const change = useChangePin();
  const [saved, setSaved] = useState(false);
  const form = useForm<ChangePinFormValues>({
    resolver: yupResolver(changePinFormSchema),
    defaultValues: { currentPassword: '', pin: '', confirmPin: '' },
  });
  const submit = form.handleSubmit((v) => {
    setSaved(false);
    change.mutate(
      { currentPassword: v.currentPassword, pin: v.pin },
      {
        onSuccess: () => {
          setSaved(true);
          form.reset();
        },
      },
    );
  });
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="pin-title">
      <Typography id="pin-title" component="h2" variant="h3">
        {t('account.pinTitle')}
      </Typography>
      {change.isError && <ErrorLine plain message={change.error.message} />}
      {saved && (
        <Alert severity="success" role="status">
          {t('account.pinSaved')}
        </Alert>
      )}
      <SecretField
        form={form}
        name="currentPassword"
        label={t('account.currentPassword')}
        autoComplete="current-password"
      />
      <SecretField form={form} name="pin" label={t('account.newPin')} autoComplete="off" numeric />
      <SecretField form={form} name="confirmPin" label={t('account.confirmPin')} autoComplete="off" numeric />
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('account.savePin')}
      </Button>
    </Stack>
  );
}
