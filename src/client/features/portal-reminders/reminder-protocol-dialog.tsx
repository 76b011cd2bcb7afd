import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ANTIPARASITIC_CHOICES, MOBILE_BREAKPOINT_PX, VACCINATION_CHOICES } from '#shared/constants';
import type { ReminderProtocol } from '#shared/contract/reminder-protocols';
import type { ReminderProtocolValues } from '#shared/forms/reminder-protocol-form';
import { ApiError, versionConflictOf } from '#client/api/client';
import { useDeleteReminderProtocol, useSaveReminderProtocol } from '#client/api/portal-reminders';
import { usePetTypes } from '#client/api/public-general';
import { useDataTitles } from '#client/components/format/data-titles';
import { ConfirmDialog } from '#client/components/portal/confirm-dialog';
import { ConflictNotice } from '#client/components/portal/conflict-notice';
import { ErrorLine } from '#client/components/states/error-line';

type ProtocolTitle = ReminderProtocolValues['title'];

/** A whole number typed in a field, or null for an empty one ("any"). */
function wholeOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * Adding or changing one reminder protocol (issue 33, item 1; docs/decisions/0170): the vaccination or antiparasitic
 * (the choices the Edit Visit dialog offers), the pet type or any, the ages in weeks (empty: no bound) and the interval
 * in days. Saved through SaveReminderProtocol, or deleted (after a question) through DeleteReminderProtocol, naming
 * the version read; the server's refusal shows above the fields, and a refusal over someone else's newer version
 * offers Reload (`onReload`: the dialog starts over from the protocol as it is now).
 */
export function ReminderProtocolDialog({
  protocol,
  reloading,
  onReload,
  onClose,
}: {
  /** null: a new protocol */
  protocol: ReminderProtocol | null;
  reloading: boolean;
  onReload: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const petTypes = usePetTypes();
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);
  const save = useSaveReminderProtocol();
  const remove = useDeleteReminderProtocol();
  const [asking, setAsking] = useState(false);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [title, setTitle] = useState<ProtocolTitle | ''>(protocol?.title ?? '');
  const [petTypeId, setPetTypeId] = useState(protocol?.petTypeId ?? 0);
  const [minAge, setMinAge] = useState(protocol?.minAgeWeeks?.toString() ?? '');
  const [maxAge, setMaxAge] = useState(protocol?.maxAgeWeeks?.toString() ?? '');
  const [intervalDays, setIntervalDays] = useState(protocol?.intervalDays.toString() ?? '');
  const [error, setError] = useState('');
  const [intervalMissing, setIntervalMissing] = useState(false);

  const submit = async () => {
    setError('');
    if (title === '') {
      setError(t('reminderSettings.titleRequired'));
      return;
    }
    // an empty interval would be sent as 0; the server's other rules (ages, limits) answer for themselves
    setIntervalMissing(intervalDays.trim() === '');
    if (intervalDays.trim() === '') return;
    try {
      await save.mutateAsync({
        id: protocol?.id ?? null,
        version: protocol?.version,
        title,
        petTypeId: petTypeId === 0 ? null : petTypeId,
        minAgeWeeks: wholeOrNull(minAge),
        maxAgeWeeks: wholeOrNull(maxAge),
        intervalDays: Number(intervalDays),
      });
      onClose();
    } catch (err) {
      refused(err);
    }
  };
  const refused = (err: unknown) => {
    const newer = versionConflictOf(err);
    if (newer) setConflict(newer);
    else setError(err instanceof ApiError && err.fromServer ? err.message : t('reminderSettings.saveFailed'));
  };
  const deleteProtocol = async () => {
    if (!protocol) return;
    setAsking(false);
    setError('');
    try {
      await remove.mutateAsync({ id: protocol.id, version: protocol.version });
      onClose();
    } catch (err) {
      refused(err);
    }
  };
  const protocolTitle = (value: ProtocolTitle) =>
    (VACCINATION_CHOICES as readonly string[]).includes(value)
      ? titles.vaccination(value)
      : titles.antiparasitic(value);

  const weeks = { htmlInput: { min: 0, step: 1 } };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="protocol-title">
      <DialogTitle id="protocol-title">
        {protocol ? t('reminderSettings.editProtocol') : t('reminderSettings.addProtocol')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && <ErrorLine plain message={error} />}
          {conflict && protocol && (
            <ConflictNotice
              error={conflict}
              subject="protocol"
              reloading={reloading}
              onReload={() => onReload(protocol.id)}
            />
          )}
          <TextField
            select
            required
            label={t('reminderSettings.protocolTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value as ProtocolTitle)}
          >
            {VACCINATION_CHOICES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {titles.vaccination(choice)}
              </MenuItem>
            ))}
            {ANTIPARASITIC_CHOICES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {titles.antiparasitic(choice)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('reminderSettings.petType')}
            value={petTypeId}
            onChange={(e) => setPetTypeId(Number(e.target.value))}
          >
            <MenuItem value={0}>{t('reminderSettings.any')}</MenuItem>
            {(petTypes.data ?? []).map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {titles.petType(type.id, type.title)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              type="number"
              label={t('reminderSettings.minAgeWeeks')}
              helperText={t('reminderSettings.emptyIsAny')}
              value={minAge}
              onChange={(e) => setMinAge(e.target.value)}
              slotProps={weeks}
            />
            <TextField
              type="number"
              label={t('reminderSettings.maxAgeWeeks')}
              helperText={t('reminderSettings.emptyIsAny')}
              value={maxAge}
              onChange={(e) => setMaxAge(e.target.value)}
              slotProps={weeks}
            />
          </Stack>
          <TextField
            type="number"
            required
            label={t('reminderSettings.intervalDays')}
            value={intervalDays}
            error={intervalMissing}
            helperText={intervalMissing ? t('reminderSettings.intervalRequired') : undefined}
            onChange={(e) => setIntervalDays(e.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {protocol && (
          <Button
            color="error"
            disabled={remove.isPending || conflict !== null}
            onClick={() => setAsking(true)}
            sx={{ mr: 'auto' }}
          >
            {t('reminderSettings.deleteProtocol')}
          </Button>
        )}
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || conflict !== null} onClick={() => void submit()}>
          {t('reminderSettings.save')}
        </Button>
      </DialogActions>
      {protocol && (
        <ConfirmDialog
          open={asking}
          title={t('reminderSettings.deleteProtocolTitle')}
          text={t('reminderSettings.deleteProtocolText', { title: protocolTitle(protocol.title) })}
          yesLabel={t('reminderSettings.deleteProtocol')}
          noLabel={t('cancel')}
          busy={remove.isPending}
          onYes={() => void deleteProtocol()}
          onNo={() => setAsking(false)}
        />
      )}
    </Dialog>
  );
}
