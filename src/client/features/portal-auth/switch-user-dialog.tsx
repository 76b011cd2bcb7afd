import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetUser } from '#shared/contract/vet';
import { PinForm } from '#client/features/portal-auth/pin-form';

/** The user selector's switch (SPEC.md's selector, issue 31): the chosen person acts once their PIN is checked. */
export default function SwitchUserDialog({ user, onClose }: { user: VetUser; onClose: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <Dialog open onClose={onClose} aria-labelledby="switch-user-title" fullWidth maxWidth="xs">
      <DialogTitle id="switch-user-title">{t('pin.switchTitle', { name: user.Name })}</DialogTitle>
      <DialogContent>
        <PinForm userId={user.ID} submitLabel={t('pin.switch')} onDone={onClose} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
