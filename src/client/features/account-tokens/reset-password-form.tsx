import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '#shared/constants';
import { useResetPassword } from '#client/api/account-tokens-calls';
import { PasswordChecklist } from '#client/features/account-tokens/password-checklist';
import { resetChecklist } from '#client/features/account-tokens/reset-rules';
import { ErrorLine } from '#client/components/error-line';

function PasswordField(props: { id: string; label: string; value: string; onChange: (v: string) => void; visible: boolean; onToggle: () => void; describedBy: string }) {
  const { t } = useTranslation('account');
  return (
    <TextField
      id={props.id}
      label={props.label}
      type={props.visible ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      autoComplete="new-password"
      required
      slotProps={{
        htmlInput: { maxLength: 128, 'aria-describedby': props.describedBy },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={props.onToggle} edge="end" aria-label={props.visible ? t('reset.hidePassword') : t('reset.showPassword')} aria-controls={props.id}>
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
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const reset = useResetPassword();
  const checklist = resetChecklist(newPassword, confirmPassword);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!checklist.canSubmit || reset.isPending || reset.isSuccess) return;
    reset.mutate({ newPassword, passwordResetToken: token });
  };

  if (reset.isSuccess) {
    return (
      <Alert severity="success" role="status">
        <strong>{t('reset.success')}</strong> {t('reset.redirecting')}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {reset.isError && (
          <ErrorLine plain message={t('reset.failure')} />
        )}
        <PasswordField
          id="new-password"
          label={t('reset.newPassword')}
          value={newPassword}
          onChange={setNewPassword}
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          describedBy="password-checklist"
        />
        <PasswordField
          id="confirm-password"
          label={t('reset.confirmPassword')}
          value={confirmPassword}
          onChange={setConfirmPassword}
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
