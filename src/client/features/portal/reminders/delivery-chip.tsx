import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VetReminder } from '#shared/contract/vet';

const COLOR: Record<VetReminder['deliveryStatus'], ChipProps['color']> = {
  notSent: 'default',
  noEmail: 'warning',
  queued: 'info',
  sent: 'success',
  failed: 'error',
};

/** The owner e-mail's state on a reminder card: not sent, no e-mail, queued, sent, failed (with the reason). */
export function DeliveryChip({ status, error }: { status: VetReminder['deliveryStatus']; error: string | null }) {
  const { t } = useTranslation('portal');
  const label = status === 'failed' && error ? t('reminderMail.status.failedWith', { reason: error }) : t(`reminderMail.status.${status}`);
  return <Chip size="small" variant={status === 'notSent' ? 'outlined' : 'filled'} color={COLOR[status]} label={label} data-testid="delivery-status" data-status={status} sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />;
}
