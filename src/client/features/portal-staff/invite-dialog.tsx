import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { inviteStaffFormSchema, type InviteStaffFormValues } from '#shared/forms/staff-forms';
import { STAFF_ROLES } from '#shared/staff-roles';
import { useInviteStaff } from '#client/api/portal-staff';
import { ErrorLine } from '#client/components/states/error-line';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';

/** An admin invites a person (issue 31): a name, an address and a role; the invitation is e-mailed. */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (name: string) => void }) {
  const { t } = useTranslation('staff');
  const invite = useInviteStaff();
  const { register, handleSubmit, formState } = useForm<InviteStaffFormValues>({
    resolver: yupResolver(inviteStaffFormSchema),
    defaultValues: { name: '', email: '', role: 'nurse' },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        onInvited(values.name);
        onClose();
      },
    }),
  );
  const message = (key: string | undefined) => (key ? t(key) : ' ');
  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="invite-title">{t('staffTab.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {invite.isError && <ErrorLine plain message={invite.error.message} />}
            <TextField
              label={t('staffTab.name')}
              {...register('name')}
              required
              autoFocus
              error={!!errors.name}
              helperText={message(errors.name?.message)}
              slotProps={{ htmlInput: { maxLength: 120, ...USER_TEXT_INPUT } }}
            />
            <TextField
              label={t('staffTab.email')}
              type="email"
              {...register('email')}
              required
              error={!!errors.email}
              helperText={message(errors.email?.message)}
              slotProps={{ htmlInput: { maxLength: 320, dir: 'ltr' } }}
            />
            <TextField
              select
              label={t('staffTab.role')}
              defaultValue="nurse"
              {...register('role')}
              required
              error={!!errors.role}
              helperText={message(errors.role?.message)}
            >
              {STAFF_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {t('staffTab.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
