import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetReminder } from '#shared/contract/vet';

// Filled on the dark shades (white text at 4.5:1 or more); the states without an e-mail stay outlined.
const FILL: Partial<Record<VetReminder['deliveryStatus'], string>> = {
  queued: 'info.dark',
  sent: 'success.dark',
  failed: 'error.dark',
};

/** The owner e-mail's state on a reminder card: not sent, no e-mail, opted out, queued, sent, failed (with the reason). */
export function DeliveryChip({ status, error }: { status: VetReminder['deliveryStatus']; error: string | null }) {
  const { t } = useTranslation('portal');
  const label =
    status === 'failed' && error
      ? t('reminderMail.status.failedWith', { reason: error })
      : t(`reminderMail.status.${status}`);
  const fill = FILL[status];
  return (
    <Chip
      size="small"
      variant={fill ? 'filled' : 'outlined'}
      label={label}
      data-testid="delivery-status"
      data-status={status}
      sx={{
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        ...(fill
          ? { bgcolor: fill, color: '#fff' }
          : { borderStyle: status === 'noEmail' || status === 'optedOut' ? 'dashed' : 'solid' }),
      }}
    />
  );
}
