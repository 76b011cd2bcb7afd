import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '#client/api/portal-staff';
import { ErrorLine } from '#client/components/states/error-line';

/** The QR code of an otpauth:// address, as an SVG image (the qrcode package, loaded when needed). */
function QrCode({ text, alt }: { text: string; alt: string }) {
  const { data: svg } = useQuery({
    queryKey: ['otpauth-qr', text] as const,
    queryFn: async () => (await import('qrcode')).toString(text, { type: 'svg', margin: 1, width: 200 }),
    staleTime: Infinity,
    gcTime: 0,
  });
  return svg ? (
    <Box component="img" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={alt} sx={{ width: 200 }} />
  ) : null;
}

/**
 * Two-factor sign-in of one's own (issue 31): turn on (the secret as a QR code and as text, confirmed by a code of
 * the app; then ten recovery codes, shown once), or off with a code.
 */
export function TwoFactorSection({ on, onChanged }: { on: boolean; onChanged: () => void }) {
  const { t } = useTranslation('staff');
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const failure = start.error ?? confirm.error ?? disable.error;
  const clean = code.replace(/\s/g, '');

  if (recovery) {
    return (
      <Stack spacing={1.5}>
        <Alert severity="success" role="status">
          {t('twoFactor.turnedOn')}
        </Alert>
        <Typography>{t('twoFactor.recoveryIntro')}</Typography>
        <List dense aria-label={t('twoFactor.recoveryCodes')} sx={{ fontFamily: 'monospace' }} dir="ltr">
          {recovery.map((c) => (
            <ListItem key={c}>{c}</ListItem>
          ))}
        </List>
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setRecovery(null);
            onChanged();
          }}
        >
          {t('twoFactor.saved')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Typography>{on ? t('twoFactor.isOn') : t('twoFactor.isOff')}</Typography>
      {failure && <ErrorLine plain message={failure.message} />}
      {!on && !start.data && (
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => start.mutate()}
          disabled={start.isPending}
        >
          {t('twoFactor.turnOn')}
        </Button>
      )}
      {!on && start.data && (
        <>
          <Typography>{t('twoFactor.scan')}</Typography>
          <QrCode text={start.data.otpauthUrl} alt={t('twoFactor.qrAlt')} />
          <Typography variant="body2">
            {t('twoFactor.orType')}{' '}
            <Box component="code" dir="ltr" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>
              {start.data.secret}
            </Box>
          </Typography>
        </>
      )}
      {(on || start.data) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (on) disable.mutate(clean, { onSuccess: onChanged });
            else confirm.mutate(clean, { onSuccess: (r) => setRecovery(r.recoveryCodes) });
          }}
        >
          <TextField
            label={t('twoFactor.code')}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            helperText={on ? t('twoFactor.codeHelp') : ' '}
            slotProps={{ htmlInput: { maxLength: 32, dir: 'ltr' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={clean.length < 6 || confirm.isPending || disable.isPending}
          >
            {on ? t('twoFactor.turnOff') : t('twoFactor.confirm')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
