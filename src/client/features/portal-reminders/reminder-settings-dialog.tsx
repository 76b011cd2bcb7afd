import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, VACCINATION_CHOICES } from '#shared/constants';
import type { ReminderProtocol } from '#shared/contract/reminder-protocols';
import { useReminderProtocols, useReminderSchedule } from '#client/api/portal-reminders';
import { usePetTypes } from '#client/api/public-general';
import { useCan } from '#client/components/portal/can-access';
import { useDataTitles } from '#client/components/format/data-titles';
import { visuallyHidden } from '#client/components/page/visually-hidden';
import { ErrorLine } from '#client/components/states/error-line';
import { ReminderScheduleForm } from '#client/features/portal-reminders/reminder-schedule-form';
import { ReminderProtocolDialog } from '#client/features/portal-reminders/reminder-protocol-dialog';

/** "8–16 weeks", "from 16 weeks", "under 16 weeks", "Any": a protocol's ages. */
function useAgeRange(): (p: ReminderProtocol) => string {
  const { t } = useTranslation('portal');
  return ({ minAgeWeeks: min, maxAgeWeeks: max }) =>
    min !== null && max !== null
      ? t('reminderSettings.ageBetween', { min, max })
      : min !== null
        ? t('reminderSettings.ageFrom', { min })
        : max !== null
          ? t('reminderSettings.ageUnder', { max })
          : t('reminderSettings.any');
}

function Loading() {
  const { t } = useTranslation('portal');
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

/** The clinic's protocols as a table; admins add and edit them. */
function ProtocolsSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const ageRange = useAgeRange();
  const protocols = useReminderProtocols();
  const petTypes = usePetTypes();
  // undefined: no form open; null: a new protocol
  const [editing, setEditing] = useState<ReminderProtocol | null | undefined>(undefined);
  // after a refused save or delete: the protocol as it is now (the dialog starts over from it), or none if it is gone
  const reloadEditing = async (id: number) => {
    const fresh = await protocols.refetch();
    setEditing(fresh.data?.protocols.find((p) => p.id === id));
  };
  const petTypeTitle = (id: number | null) => {
    if (id === null) return t('reminderSettings.any');
    const type = petTypes.data?.find((p) => p.id === id);
    return titles.petType(id, type?.title ?? String(id));
  };
  const protocolTitle = (title: string) =>
    (VACCINATION_CHOICES as readonly string[]).includes(title)
      ? titles.vaccination(title)
      : titles.antiparasitic(title);

  return (
    <Box component="section" aria-labelledby="reminder-protocols-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="reminder-protocols-heading" component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          {t('reminderSettings.protocols')}
        </Typography>
        {editable && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {t('reminderSettings.addProtocol')}
          </Button>
        )}
      </Box>
      {protocols.isPending ? (
        <Loading />
      ) : protocols.isError ? (
        <ErrorLine plain message={protocols.error.message} />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="reminder-protocols-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('reminderSettings.protocolTitle')}</TableCell>
                <TableCell>{t('reminderSettings.petType')}</TableCell>
                <TableCell>{t('reminderSettings.ages')}</TableCell>
                <TableCell align="right">{t('reminderSettings.intervalDays')}</TableCell>
                {editable && (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('edit')}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {protocols.data.protocols.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{protocolTitle(p.title)}</TableCell>
                  <TableCell>{petTypeTitle(p.petTypeId)}</TableCell>
                  <TableCell>{ageRange(p)}</TableCell>
                  <TableCell align="right">{p.intervalDays}</TableCell>
                  {editable && (
                    <TableCell padding="none">
                      <IconButton
                        aria-label={t('reminderSettings.editNamed', { title: protocolTitle(p.title) })}
                        onClick={() => setEditing(p)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== undefined && (
        <ReminderProtocolDialog
          key={editing ? `${editing.id}:${editing.version}` : 'new'}
          protocol={editing}
          reloading={protocols.isFetching}
          onReload={(id) => void reloadEditing(id)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Box>
  );
}

/**
 * "Reminder settings" (issue 33, items 1 and 2), opened from the Notifications tab's toolbar: the schedule of notices
 * and the clinic's protocols. Everyone who reads records sees them; only a role the one table lets change the clinic's
 * settings (admins) gets the editing controls, as the server allows only them to save.
 */
export function ReminderSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('portal');
  const editable = useCan('clinicSettings');
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);
  const schedule = useReminderSchedule();
  // a reload after a refused save starts the schedule's form again from the schedule as it is now
  const [scheduleRead, setScheduleRead] = useState(0);
  const reloadSchedule = async () => {
    await schedule.refetch();
    setScheduleRead((n) => n + 1);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="reminder-settings-title"
    >
      <DialogTitle id="reminder-settings-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>{t('reminderSettings.title')}</Box>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Box component="section" aria-labelledby="reminder-schedule-heading" sx={{ mb: 3 }}>
          <Typography id="reminder-schedule-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
            {t('reminderSettings.schedule')}
          </Typography>
          {schedule.isPending ? (
            <Loading />
          ) : schedule.isError ? (
            <ErrorLine plain message={schedule.error.message} />
          ) : (
            <ReminderScheduleForm
              key={scheduleRead}
              schedule={schedule.data}
              editable={editable}
              reloading={schedule.isFetching}
              onReload={() => void reloadSchedule()}
            />
          )}
        </Box>
        <Divider sx={{ mb: 2 }} />
        <ProtocolsSection editable={editable} />
      </DialogContent>
    </Dialog>
  );
}
