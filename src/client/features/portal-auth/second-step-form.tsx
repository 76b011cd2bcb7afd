import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { secondFactorSchema } from '#shared/forms/staff-forms';
import { ApiError } from '#client/api/client';
import { loginSecondStep } from '#client/api/portal-session';
import { yupResolver } from '@hookform/resolvers/yup';
import { ErrorLine } from '#client/components/states/error-line';

/** The second step of a two-factor sign-in (issue 31): a code of the authenticator app, or a recovery code. */
export function SecondStepForm({
  challenge,
  username,
  onBack,
}: {
  challenge: string;
  username: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('staff');
  const { register, handleSubmit, formState } = useForm<{ code: string }>({
    resolver: yupResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = handleSubmit(async ({ code }) => {
    setBusy(true);
    setError('');
    try {
      await loginSecondStep(challenge, code.replace(/\s/g, ''), username);
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : t('twoFactor.failed'));
      setBusy(false);
    }
  });
  const codeError = formState.errors.code?.message;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="second-step-title">
      <Typography id="second-step-title" component="h1" variant="h2" sx={{ textAlign: 'center' }}>
        {t('twoFactor.loginTitle')}
      </Typography>
      <Typography>{t('twoFactor.loginIntro')}</Typography>
      {error && <ErrorLine plain message={error} />}
      <TextField
        label={t('twoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        {...register('code')}
        required
        error={!!codeError}
        helperText={codeError ? t(codeError) : t('twoFactor.codeHelp')}
        slotProps={{ htmlInput: { maxLength: 32, inputMode: 'text', spellCheck: false, dir: 'ltr' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('twoFactor.verify')}
      </Button>
      <Button onClick={onBack}>{t('twoFactor.back')}</Button>
    </Stack>
  );
}
