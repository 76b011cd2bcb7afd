import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTokenConfirmation, type TokenConfirmation } from '#client/api/account-tokens-calls';
import { ErrorLine } from '#client/components/states/error-line';

const texts: Record<TokenConfirmation, 'verify' | 'invite'> = { 'verify-email': 'verify', 'accept-invite': 'invite' };

/**
 * Verify e-mail / accept invite: the call runs once when the page opens with a token
 * (SPEC.md §4); without a token nothing is sent and a helpful line is shown.
 */
export function TokenConfirmationView({ kind, token }: { kind: TokenConfirmation; token: string }) {
  const { t } = useTranslation('account');
  const prefix = texts[kind];
  const confirmation = useTokenConfirmation(kind, token);

  if (!token) return <Alert severity="info">{t(`${prefix}.noToken`)}</Alert>;
  if (confirmation.isPending) {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t(`${prefix}.working`)}</Typography>
      </Stack>
    );
  }
  if (confirmation.isError) {
    return <ErrorLine plain message={t(`${prefix}.failure`)} />;
  }
  return (
    <Alert severity="success" role="status">
      {confirmation.data === 'already' ? t('verify.alreadyVerified') : t(`${prefix}.success`)}
    </Alert>
  );
}
