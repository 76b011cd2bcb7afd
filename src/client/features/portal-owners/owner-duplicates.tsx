import { useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import type { VetOwner, VetOwnerDuplicate } from '#shared/contract/vet-owners';
import { useMergeOwners, useOwnerDuplicates, useRestoreOwner } from '#client/api/portal-owners';
import { ConfirmDialog } from '#client/components/portal/confirm-dialog';
import { UndoSnackbar, type UndoOffer } from '#client/components/portal/undo-snackbar';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';

interface Merge {
  keep: VetOwner;
  merge: VetOwner;
}

/**
 * The suggested duplicate owners (issue 32, admins): each pair with why it was suggested; merging keeps one of the two
 * (the suggested one, or the other), asks first, then offers Undo (the merge is also undone from Recently deleted).
 */
export function OwnerDuplicates({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation('portal');
  const duplicates = useOwnerDuplicates(true);
  const merge = useMergeOwners();
  const restore = useRestoreOwner();
  const [asking, setAsking] = useState<Merge | null>(null);
  const [error, setError] = useState('');
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const pairs = duplicates.data?.pairs ?? [];

  const confirm = () => {
    if (!asking) return;
    const chosen = asking;
    setError('');
    merge.mutate(
      { keepOwnerId: chosen.keep.ID, mergeOwnerId: chosen.merge.ID },
      {
        onSuccess: () =>
          setUndo({
            message: t('owners.duplicates.merged', { name: chosen.merge.name, into: chosen.keep.name }),
            restore: () => restore.mutateAsync(chosen.merge.ID),
          }),
        onError: (err) => setError(errorMessage(err)),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="owner-duplicates-title">
      <Button
        startIcon={<ArrowBackIcon sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />}
        onClick={onBack}
        sx={{ mb: 1 }}
      >
        {t('owners.duplicates.back')}
      </Button>
      <Typography id="owner-duplicates-title" component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {t('owners.duplicates.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('owners.duplicates.help')}
      </Typography>
      {(duplicates.isError || error) && (
        <ErrorLine plain message={error || (duplicates.error?.message ?? '')} sx={{ mb: 2 }} />
      )}
      {duplicates.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : pairs.length === 0 ? (
        <Typography color="text.secondary">{t('owners.duplicates.none')}</Typography>
      ) : (
        <Stack spacing={2}>
          {pairs.map((pair) => (
            <DuplicatePair key={`${pair.keep.ID}-${pair.merge.ID}`} pair={pair} onMerge={setAsking} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('owners.duplicates.confirmTitle')}
        text={asking ? t('owners.duplicates.confirmText', { name: asking.merge.name, into: asking.keep.name }) : ''}
        busy={merge.isPending}
        onYes={confirm}
        onNo={() => setAsking(null)}
      />
      <UndoSnackbar offer={undo} onClose={() => setUndo(null)} />
    </Box>
  );
}

function DuplicatePair({ pair, onMerge }: { pair: VetOwnerDuplicate; onMerge: (merge: Merge) => void }) {
  const { t } = useTranslation('portal');
  return (
    <Card component="article" variant="outlined" aria-label={`${pair.keep.name} · ${pair.merge.name}`}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`owners.duplicates.reason.${pair.reason}`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {[pair.keep, pair.merge].map((o) => (
            <Box key={o.ID} sx={{ minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                <UserText>{o.name}</UserText>
              </Typography>
              <Typography variant="body2">
                <Phone>{o.phone}</Phone>
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {o.email ? <Ltr>{o.email}</Ltr> : t('notAvailable')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('owners.petCount', { count: o.petCount })}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => onMerge({ keep: pair.keep, merge: pair.merge })}>
          {t('owners.duplicates.keep', { name: pair.keep.name })}
        </Button>
        <Button variant="outlined" onClick={() => onMerge({ keep: pair.merge, merge: pair.keep })}>
          {t('owners.duplicates.keep', { name: pair.merge.name })}
        </Button>
      </CardActions>
    </Card>
  );
}
