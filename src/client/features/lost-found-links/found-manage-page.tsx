import {
  Alert,
  Avatar,
  Box,
  Button,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FoundReportAction } from '#shared/found-pets';
import { petProfilePath } from '#shared/pet-profile-path';
import { useFoundPetMatches, useFoundReportOfLink, useManageFoundReport } from '#client/api/lost-found-links';
import { formatLongDate } from '#client/components/format/dates';
import { useDistanceFormat } from '#client/components/format/distance';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { LinkPageFrame, LinkState } from '#client/features/lost-found-links/link-page-frame';
import { UserText } from '#client/components/i18n/bidi';

/** What the finder may do with the report in each state (the server refuses anything else with its message). */
const ACTIONS: Record<string, FoundReportAction[]> = {
  open: ['reunited', 'renew', 'withdraw'],
  reunited: ['withdraw'],
  expired: ['renew', 'withdraw'],
};

/**
 * /found/manage?token=…: the finder's link. Opening it publishes the report (ConfirmFoundPet); then it shows the
 * report's state, the lost pets it may be, and lets the finder say the pet is home, renew or withdraw it.
 */
export default function FoundManagePage() {
  const { t, i18n } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const report = useFoundReportOfLink(token);
  const manage = useManageFoundReport(token);
  const status = report.data?.status;
  const matches = useFoundPetMatches(status === 'open' ? (report.data?.foundPetId ?? null) : null, token);
  const distance = useDistanceFormat();

  return (
    <LinkPageFrame title={t('links.manage.title')}>
      <LinkState token={token} query={report} />
      {report.data && status && (
        <>
          <Alert severity={status === 'open' || status === 'reunited' ? 'success' : 'info'} role="status">
            {t(`links.manage.status.${status}`, {
              date: formatLongDate(report.data.expiresAt, i18n.language),
            })}
          </Alert>
          {manage.error && <ErrorLine plain message={errorMessage(manage.error)} />}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(ACTIONS[status] ?? []).map((action) => (
              <Button
                key={action}
                variant={action === 'reunited' ? 'contained' : 'outlined'}
                color={action === 'withdraw' ? 'error' : 'primary'}
                disabled={manage.isPending}
                onClick={() => manage.mutate({ foundPetId: report.data.foundPetId, action })}
              >
                {t(`links.manage.action.${action}`)}
              </Button>
            ))}
          </Stack>
          {status === 'open' && (
            <Box component="section" aria-labelledby="found-matches">
              <Typography id="found-matches" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
                {t('links.manage.matches')}
              </Typography>
              {matches.error && <ErrorLine plain message={errorMessage(matches.error)} />}
              {matches.data?.length === 0 && <Typography>{t('links.manage.noMatches')}</Typography>}
              <List>
                {matches.data?.map((m) => (
                  <ListItem key={m.petId} disableGutters>
                    <ListItemAvatar>
                      <Avatar src={m.petImage} alt="" />
                    </ListItemAvatar>
                    <ListItemText
                      primary={
                        <RouterLink to={petProfilePath({ petProfileId: m.petId, publicId: m.publicId }, 'Lost')}>
                          <UserText>{m.petName}</UserText>
                        </RouterLink>
                      }
                      secondary={t('links.manage.match', { distance: distance(m.distanceKm), score: m.score })}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </>
      )}
    </LinkPageFrame>
  );
}
