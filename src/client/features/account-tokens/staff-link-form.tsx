import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import {
  acceptInviteFormSchema,
  newPasswordFormSchema,
  newPinFormSchema,
  type AcceptInviteFormValues,
  type NewPasswordFormValues,
  type NewPinFormValues,
} from '#shared/forms/staff-forms';
import type { StaffLinkResult } from '#shared/contract/staff';
import { paths } from '#shared/page-routes';
import { useAcceptStaffInvite, useResetStaffLogin } from '#client/api/portal-staff';
import { ErrorLine } from '#client/components/states/error-line';

type FieldKind = 'username' | 'password' | 'pin';
const AUTOCOMPLETE: Record<FieldKind, string> = { username: 'username', password: 'new-password', pin: 'off' };

/** One field of a link's form; its message (an i18n key of staff: or account:) under it. */
function LinkField<F extends FieldValues>({
  form,
  name,
  kind,
  label,
}: {
  form: UseFormReturn<F>;
  name: Path<F>;
  kind: FieldKind;
  label: string;
}) {
  const { t } = useTranslation(['staff', 'account']);
  const message = form.formState.errors[name]?.message;
  return (
    <TextField
      id={`staff-link-${name}`}
      label={label}
      type={kind === 'username' ? 'text' : 'password'}
      autoComplete={AUTOCOMPLETE[kind]}
      {...form.register(name)}
      required
      error={!!message}
      helperText={typeof message === 'string' ? t(message) : kind === 'pin' ? t('links.pinHelp') : ' '}
      slotProps={{
        htmlInput: {
          maxLength: kind === 'pin' ? 8 : kind === 'username' ? 64 : 128,
          dir: 'ltr',
          autoCapitalize: 'none',
          spellCheck: false,
          ...(kind === 'pin' ? { inputMode: 'numeric' } : {}),
        },
      }}
    />
  );
}

/** What the page shows once the link has done its work: sign in at the portal. */
function Done({ message }: { message: string }) {
  const { t } = useTranslation('staff');
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        {message}
      </Alert>
      <Box>
        <Button component={RouterLink} to={paths.dashboard} variant="contained">
          {t('links.signIn')}
        </Button>
      </Box>
    </Stack>
  );
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy}>
      {label}
    </Button>
  );
}

/** The invitation (/AcceptStaffInvite): the person picks a username, a password and a desk PIN. */
function AcceptInviteForm({ token }: { token: string }) {
  const { t } = useTranslation('staff');
  const accept = useAcceptStaffInvite();
  const form = useForm<AcceptInviteFormValues>({
    resolver: yupResolver(acceptInviteFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '', pin: '', confirmPin: '' },
  });
  const submit = form.handleSubmit((v) =>
    accept.mutate({ token, username: v.username, password: v.password, pin: v.pin }),
  );
  if (accept.isSuccess) return <Done message={t('links.accepted')} />;
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => void submit(e)}>
      {accept.isError && <ErrorLine plain message={accept.error.message} />}
      <LinkField form={form} name="username" kind="username" label={t('links.username')} />
      <LinkField form={form} name="password" kind="password" label={t('links.password')} />
      <LinkField form={form} name="confirmPassword" kind="password" label={t('links.confirmPassword')} />
      <LinkField form={form} name="pin" kind="pin" label={t('links.pin')} />
      <LinkField form={form} name="confirmPin" kind="pin" label={t('links.confirmPin')} />
      <Submit busy={accept.isPending} label={t('links.accept')} />
    </Stack>
  );
}

/** A reset link for a new password. */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('staff');
  const reset = useResetStaffLogin();
  const form = useForm<NewPasswordFormValues>({
    resolver: yupResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit((v) => reset.mutate({ token, password: v.password }));
  if (reset.isSuccess) return <Done message={t('links.passwordSaved')} />;
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => void submit(e)}>
      {reset.isError && <ErrorLine plain message={reset.error.message} />}
      <LinkField form={form} name="password" kind="password" label={t('links.password')} />
      <LinkField form={form} name="confirmPassword" kind="password" label={t('links.confirmPassword')} />
      <Submit busy={reset.isPending} label={t('links.save')} />
    </Stack>
  );
}

/** A reset link for a new desk PIN. */
function NewPinForm({ token }: { token: string }) {
  const { t } = useTranslation('staff');
  const reset = useResetStaffLogin();
  const form = useForm<NewPinFormValues>({
    resolver: yupResolver(newPinFormSchema),
    defaultValues: { pin: '', confirmPin: '' },
  });
  const submit = form.handleSubmit((v) => reset.mutate({ token, pin: v.pin }));
  if (reset.isSuccess) return <Done message={t('links.pinSaved')} />;
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => void submit(e)}>
      {reset.isError && <ErrorLine plain message={reset.error.message} />}
      <LinkField form={form} name="pin" kind="pin" label={t('links.pin')} />
      <LinkField form={form} name="confirmPin" kind="pin" label={t('links.confirmPin')} />
      <Submit busy={reset.isPending} label={t('links.save')} />
    </Stack>
  );
}

/** The form a working link asks for: what the server said the link is for. */
export function StaffLinkForm({ token, link }: { token: string; link: StaffLinkResult }) {
  if (link.kind === 'invite') return <AcceptInviteForm token={token} />;
  if (link.kind === 'password') return <NewPasswordForm token={token} />;
  return <NewPinForm token={token} />;
}
