import { Alert, AlertTitle, CircularProgress, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isNotFoundAnswer } from '#client/api/client';
import { useStaffLink } from '#client/api/portal-staff';
import { TokenPageFrame } from '#client/features/account-tokens/token-page-frame';
import { StaffLinkForm } from '#client/features/account-tokens/staff-link-form';

/** The link's form once the server has said what it is for; a dead link (unknown, used, expired) is told at once. */
function LinkWithToken({ token }: { token: string }) {
  const { t } = useTranslation('staff');
  const link = useStaffLink(token);
  if (link.isPending) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('links.checking')}</Typography>
      </Stack>
    );
  }
  if (link.isError) {
    return (
      <Alert severity="warning">
        <AlertTitle>{isNotFoundAnswer(link.error) ? t('links.invalid') : link.error.message}</AlertTitle>
        {t('links.invalidHelp')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography>
        {t(`links.intro.${link.data.kind}`, { name: link.data.name, clinic: link.data.clinicName })}
      </Typography>
      <StaffLinkForm token={token} link={link.data} />
    </Stack>
  );
}

/**
 * /AcceptStaffInvite?token=… and /ResetStaffLogin?token=… (issue 31): a staff member's one-time link, a token page
 * like SPEC.md's others. The page asks the server what the link is for, then shows that form.
 */
export default function StaffLinkPage() {
  const { t } = useTranslation('staff');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <TokenPageFrame title={t('links.pageTitle')} heading={t('links.heading')}>
      {token ? <LinkWithToken token={token} /> : <Alert severity="info">{t('links.noToken')}</Alert>}
    </TokenPageFrame>
  );
}
