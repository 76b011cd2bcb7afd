import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { loginFormSchema, type LoginFormValues } from '#shared/forms/login-form';
import { login, rememberedUsername, SESSION_HINT_CLASS, type LoggedOutReason } from '#client/api/portal-session';
import { ApiError } from '#client/api/client';
import { PageLoading } from '#client/components/states/page-loading';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';
import { ErrorLine } from '#client/components/states/error-line';
import { ForgotPassword } from '#client/features/portal-auth/forgot-password';
import { SecondStepForm } from '#client/features/portal-auth/second-step-form';

/**
 * Vet login (SPEC.md §2): username and password required, the server's message in red above the
 * form. The username is remembered; the password is left to the browser's password manager.
 * The server renders it (a clinic's session is only in the browser): until the page's JavaScript
 * has hydrated it, the fields are read-only and the button is disabled, and when a session is stored it
 * shows a loading shell instead (SESSION_HINT_CLASS), as the dashboard is about to replace it.
 */
export function LoginPage({ reason, languageSwitcher }: { reason: LoggedOutReason; languageSwitcher?: ReactNode }) {
  const { t } = useTranslation('portal');
  const hydrated = useBrowserValue(() => true, false);
  const remembered = useBrowserValue(rememberedUsername, '');
  const { register, handleSubmit, setValue, getValues, setFocus, formState } = useForm<LoginFormValues>({
    resolver: yupResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = formState;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** the second step of a two-factor sign-in (issue 31) */
  const [challenge, setChallenge] = useState<{ challenge: string; username: string } | null>(null);

  // The remembered username fills an untouched field; then the first empty field takes the focus once
  // the form works (autoFocus would act while hydrating).
  useEffect(() => {
    if (remembered !== '' && getValues('username') === '') setValue('username', remembered);
    if (hydrated) setFocus(remembered === '' ? 'username' : 'password');
  }, [hydrated, remembered, getValues, setValue, setFocus]);

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    setError('');
    try {
      const second = await login(values);
      if (second) {
        setChallenge({ challenge: second.challenge, username: values.username });
        setBusy(false);
      }
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : t('login.failed'));
      setBusy(false);
    }
  });

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      {!hydrated && (
        <Box sx={{ display: 'none', [`.${SESSION_HINT_CLASS} &`]: { display: 'block', width: '100%' } }}>
          <PageLoading label={t('sessionShell.opening')} />
        </Box>
      )}
      <Container
        maxWidth="xs"
        disableGutters
        sx={hydrated ? undefined : { [`.${SESSION_HINT_CLASS} &`]: { display: 'none' } }}
      >
        <Paper sx={{ p: { xs: 3, sm: 4 } }}>
          {challenge ? (
            <SecondStepForm
              challenge={challenge.challenge}
              username={challenge.username}
              onBack={() => setChallenge(null)}
            />
          ) : (
            <Stack
              spacing={2}
              component="form"
              method="post"
              noValidate
              onSubmit={(e) => void submit(e)}
              aria-labelledby="login-title"
            >
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Box component="img" src="/logo.svg" alt={t('logoAlt')} sx={{ height: 48 }} />
                {languageSwitcher}
              </Stack>
              <Typography id="login-title" component="h1" variant="h2" sx={{ textAlign: 'center' }}>
                {t('login.title')}
              </Typography>
              {reason === 'expired' && !error && <Alert severity="warning">{t('login.expired')}</Alert>}
              {reason === 'loggedOut' && !error && <Alert severity="info">{t('login.loggedOut')}</Alert>}
              {error && <ErrorLine plain message={error} />}
              <TextField
                label={t('login.username')}
                autoComplete="username"
                {...register('username')}
                required
                error={!!errors.username}
                helperText={errors.username?.message ? t(errors.username.message) : ' '}
                slotProps={{
                  htmlInput: { maxLength: 200, autoCapitalize: 'none', spellCheck: false, readOnly: !hydrated },
                }}
              />
              <TextField
                label={t('login.password')}
                type="password"
                autoComplete="current-password"
                {...register('password')}
                required
                error={!!errors.password}
                helperText={errors.password?.message ? t(errors.password.message) : ' '}
                slotProps={{ htmlInput: { maxLength: 1024, readOnly: !hydrated } }}
              />
              {/* Disabled, it also keeps Enter from sending the form before the page can handle it. */}
              <Button type="submit" variant="contained" size="large" disabled={busy || !hydrated}>
                {t('login.submit')}
              </Button>
              {hydrated && <ForgotPassword />}
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
}
