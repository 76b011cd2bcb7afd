import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isValidPin } from '#shared/forms/staff-forms';
import { ApiError } from '#client/api/client';
import { switchUser } from '#client/api/portal-session';
import { ErrorLine } from '#client/components/states/error-line';

/**
 * A person's desk PIN (issue 31): the session acts as them once the server has checked it (SwitchUser). Used by
 * the user selector's switch and by the idle lock.
 */
export function PinForm({
  userId,
  submitLabel,
  onDone,
  onCancel,
}: {
  userId: number;
  submitLabel: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('staff');
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!isValidPin(pin)) {
      setError(t('validation.pinRules'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await switchUser(userId, pin);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : t('pin.failed'));
      setPin('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error && <ErrorLine plain message={error} />}
      <TextField
        label={t('pin.label')}
        type="password"
        autoComplete="off"
        autoFocus
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, dir: 'ltr' } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={busy || pin.length < 4}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
