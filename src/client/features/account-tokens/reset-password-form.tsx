import { useEffect, useState } from 'react';
import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '#shared/constants';
import {
  resetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordFormValues,
} from '#shared/forms/password-rules';
import { useResetPassword } from '#client/api/account-tokens-calls';
import { PasswordChecklist } from '#client/features/account-tokens/password-checklist';
import { resetChecklist } from '#client/features/account-tokens/reset-rules';
import { ErrorLine } from '#client/components/states/error-line';

function PasswordField(props: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  visible: boolean;
  onToggle: () => void;
  describedBy: string;
}) {
  const { t } = useTranslation('account');
  return (
    <TextField
      id={props.id}
      label={props.label}
      type={props.visible ? 'text' : 'password'}
      {...props.field}
      autoComplete="new-password"
      required
      slotProps={{
        htmlInput: { maxLength: 128, 'aria-describedby': props.describedBy },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={props.onToggle}
                edge="end"
                aria-label={props.visible ? t('reset.hidePassword') : t('reset.showPassword')}
                aria-controls={props.id}
              >
                {props.visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** New password + confirmation with the live checklist; on success, home after RESET_REDIRECT_MS. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { register, control, handleSubmit } = useForm<ResetPasswordFormValues>({
    resolver: yupResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [newPassword, confirmPassword] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });
  const [visible, setVisible] = useState(false);
  const reset = useResetPassword();
  const checklist = resetChecklist(newPassword, confirmPassword);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  // The button stays disabled until the checklist passes, which is what the shared schema checks.
  const submit = handleSubmit((values) => {
    if (reset.isPending || reset.isSuccess) return;
    reset.mutate({ newPassword: values.newPassword, passwordResetToken: token });
  });

  if (reset.isSuccess) {
    return (
      <Alert severity="success" role="status">
        <strong>{t('reset.success')}</strong> {t('reset.redirecting')}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        {reset.isError && <ErrorLine plain message={t('reset.failure')} />}
        <PasswordField
          id="new-password"
          label={t('reset.newPassword')}
          field={register('newPassword')}
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          describedBy="password-checklist"
        />
        <PasswordField
          id="confirm-password"
          label={t('reset.confirmPassword')}
          field={register('confirmPassword')}
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          describedBy="password-checklist"
        />
        <PasswordChecklist id="password-checklist" checklist={checklist} />
        <Button type="submit" variant="contained" size="large" disabled={!checklist.canSubmit || reset.isPending}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
