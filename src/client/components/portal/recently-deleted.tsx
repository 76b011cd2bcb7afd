import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import DeletedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { useTranslation } from 'react-i18next';
import type { DeletedVetItem } from '#shared/contract/vet-records';
import { useDeletedItems, useRestorePet } from '#client/api/portal-pets';
import { useRestoreVisit } from '#client/api/portal-visits';
import { useRestoreOwner } from '#client/api/portal-owners';
import { PagedCardList } from '#client/components/lists/card-list';
import { formatDateTime, formatLongDate } from '#client/components/format/dates';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { useCan } from '#client/components/portal/can-access';

/**
 * "Recently deleted" of the Pets and Visits tabs (issues 20, 36): the pets and visits this clinic deleted that can
 * still be restored, newest first, each with who deleted it, until when it can come back, and
 * Restore. A visit deleted with its pet comes back with the pet.
 */
export function RecentlyDeleted({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation('portal');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const deleted = useDeletedItems(page);
  const canRestorePets = useCan('deletePets');
  const restorePet = useRestorePet();
  const restoreVisit = useRestoreVisit();
  // an owner merged into another (issue 32): restoring undoes the merge, an admin's
  const canRestoreOwners = useCan('mergeOwners');
  const restoreOwner = useRestoreOwner();
  const busy = restorePet.isPending || restoreVisit.isPending || restoreOwner.isPending;
  const items = deleted.data?.items ?? [];

  const restore = async (item: DeletedVetItem) => {
    setStatus(null);
    try {
      if (item.kind === 'pet') await restorePet.mutateAsync(item.id);
      else if (item.kind === 'owner') await restoreOwner.mutateAsync(item.id);
      else await restoreVisit.mutateAsync(item.id);
      setStatus({ kind: 'done', text: t('deleted.restoredItem', { name: item.petName }) });
    } catch (err) {
      setStatus({ kind: 'failed', text: t('undo.failed', { message: errorMessage(err) }) });
    }
  };

  return (
    <Box component="section" aria-labelledby="recently-deleted-title">
      <Button
        startIcon={<ArrowBackIcon sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />}
        onClick={onBack}
        sx={{ mb: 1 }}
      >
        {t('deleted.back')}
      </Button>
      <Typography id="recently-deleted-title" component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {t('deleted.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('deleted.help')}
      </Typography>
      {deleted.isError && <ErrorLine plain message={deleted.error.message} sx={{ mb: 2 }} />}
      <Box aria-live="polite" sx={{ mb: status ? 2 : 0 }}>
        {status &&
          (status.kind === 'failed' ? (
            <ErrorLine plain message={status.text} onClose={() => setStatus(null)} />
          ) : (
            <Typography role="status">{status.text}</Typography>
          ))}
      </Box>
      <PagedCardList
        pending={deleted.isPending}
        itemCount={items.length}
        emptyMessage={t('deleted.empty')}
        skeletonHeight={120}
        dimmed={deleted.isPlaceholderData}
        page={page}
        onPageChange={setPage}
        pagerLabel={t('deleted.pagerLabel')}
      >
        {items.map((item) => (
          <Card key={`${item.kind}-${item.id}`} variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <PetAvatar src={item.petImage} name={item.petName} size={48} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.kind === 'pet'
                      ? item.petName
                      : item.kind === 'owner'
                        ? t('deleted.ownerMerged', { name: item.petName, into: item.mergedInto ?? '' })
                        : t('deleted.visitOf', {
                            name: item.petName,
                            date: formatLongDate(item.visitDate, i18n.language),
                          })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {item.deletedBy
                      ? t('deleted.deletedBy', {
                          user: item.deletedBy,
                          time: formatDateTime(item.deletedAt, i18n.language),
                        })
                      : t('deleted.deletedAt', { time: formatDateTime(item.deletedAt, i18n.language) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('deleted.until', { date: formatLongDate(item.restoreUntil, i18n.language) })}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  startIcon={<RestoreIcon />}
                  // a pet comes back by an admin's hand only (issue 31); a visit by a vet's or an admin's
                  disabled={
                    busy || (item.kind === 'pet' && !canRestorePets) || (item.kind === 'owner' && !canRestoreOwners)
                  }
                  onClick={() => void restore(item)}
                  aria-label={
                    item.kind === 'visit'
                      ? t('deleted.restoreVisit', { name: item.petName })
                      : t('deleted.restorePet', { name: item.petName })
                  }
                >
                  {t('deleted.restore')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </PagedCardList>
    </Box>
  );
}

/** The way to "Recently deleted" from a tab's toolbar, for those who may delete and restore visits. */
export function RecentlyDeletedButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('portal');
  const canSeeDeleted = useCan('deleteVisits');
  if (!canSeeDeleted) return null;
  return (
    <Button variant="outlined" startIcon={<DeletedIcon />} onClick={onClick} sx={{ flexShrink: 0 }}>
      {t('deleted.open')}
    </Button>
  );
}
