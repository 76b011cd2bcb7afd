import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRequestStaffReset } from '#client/api/portal-staff';

/**
 * "Forgot your password?" of the login (issue 31): an e-mail address; the answer is the same whether or not a staff
 * account has it (no account enumeration), and says what happens if one does.
 */
export function ForgotPassword() {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const request = useRequestStaffReset();
  const close = () => {
    setOpen(false);
    setEmail('');
    request.reset();
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'center' }}>
        {t('forgot.open')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="forgot-title" fullWidth maxWidth="xs">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (email.trim() !== '') request.mutate(email.trim());
          }}
        >
          <DialogTitle id="forgot-title">{t('forgot.title')}</DialogTitle>
          <DialogContent>
            {request.isSuccess ? (
              <Alert severity="success" role="status">
                {t('forgot.sent')}
              </Alert>
            ) : (
              <>
                {request.isError && <Alert severity="error">{request.error.message}</Alert>}
                <TextField
                  label={t('forgot.email')}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  fullWidth
                  margin="dense"
                  helperText={t('forgot.help')}
                  slotProps={{ htmlInput: { maxLength: 320, dir: 'ltr' } }}
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('close')}</Button>
            {!request.isSuccess && (
              <Button type="submit" variant="contained" disabled={request.isPending || email.trim() === ''}>
                {t('forgot.send')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
