import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReminderDeliveryStatus, ReminderState, SendVetRemindersResult, VetReminder } from '#shared/contract/vet';
import type { ReminderAction } from '#shared/forms/reminder-action-form';
import {
  reminderQuery,
  sendVetReminders,
  updateVetReminder,
  useVetReminders,
  type ReminderSelection,
} from '#client/api/portal-reminders';
import { downloadRemindersExport } from '#client/api/portal-exports';
import { PORTAL_KEY } from '#client/api/portal-visits';
import { formatLongDate } from '#client/components/format/dates';
import { saveFile } from '#client/components/media/save-file';
import { PagedCardList } from '#client/components/lists/card-list';
import { ErrorLine } from '#client/components/states/error-line';
import { ISO_DAY } from '#client/components/format/dates';
import { DateRangeFilter, type RangeValue } from '#client/components/desk-grid/date-range-filter';
import { readDay } from '#client/components/desk-grid/date-range';
import { ReminderCard } from '#client/features/portal-reminders/reminder-card';
import { ReminderCalendar } from '#client/features/portal-reminders/reminder-calendar';
import { SendRemindersDialog } from '#client/features/portal-reminders/send-reminders-dialog';
import { SnoozeDialog } from '#client/features/portal-reminders/snooze-dialog';
import { ComplianceSection } from '#client/features/portal-reminders/compliance-section';
import { ReminderSettingsDialog } from '#client/features/portal-reminders/reminder-settings-dialog';
import { CanAccess } from '#client/components/portal/can-access';
import { useFocusAfterCardLeaves } from '#client/components/lists/use-focus-after-card-leaves';

const STATUSES: readonly ReminderDeliveryStatus[] = ['notSent', 'noEmail', 'optedOut', 'queued', 'sent', 'failed'];
const STATES: readonly ReminderState[] = ['open', 'done', 'snoozed'];

/**
 * The workbench's choice, kept in the address (issue 25 item 12: a reload keeps it, as the
 * listings do): ?from=&to= (either may be missing), or ?overdue=1, and ?status= and ?state= (issue 33). Nothing
 * chosen is today, SPEC.md's day.
 */
function useReminderSelection(): [ReminderSelection, (next: ReminderSelection) => void] {
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s === params.get('status'));
  const state = STATES.find((s) => s === params.get('state'));
  const overdue = params.get('overdue') === '1';
  const from = readDay(params.get('from'));
  const to = readDay(params.get('to'));
  const today = dayjs().format(ISO_DAY);
  const selection: ReminderSelection = overdue
    ? { overdue: true, status, state }
    : from || to
      ? { dateFrom: from, dateTo: to, status, state }
      : { dateFrom: today, dateTo: today, status, state };
  const change = (next: ReminderSelection) => {
    const p = new URLSearchParams(params);
    for (const key of ['from', 'to', 'overdue', 'status', 'state']) p.delete(key);
    if (next.overdue) p.set('overdue', '1');
    if (next.dateFrom) p.set('from', next.dateFrom);
    if (next.dateTo) p.set('to', next.dateTo);
    if (next.status) p.set('status', next.status);
    if (next.state) p.set('state', next.state);
    setParams(p, { replace: true });
  };
  return [selection, change];
}

/** "March 5, 2025", "March 5, 2025 – March 11, 2025", "Overdue": what a selection covers, for titles. */
function selectionLabel(s: ReminderSelection, language: string, overdueLabel: string): string {
  if (s.overdue) return overdueLabel;
  if (s.dateFrom && s.dateFrom === s.dateTo) return formatLongDate(s.dateFrom, language);
  return [s.dateFrom, s.dateTo].map((d) => (d ? formatLongDate(d, language) : '…')).join(' – ');
}

/**
 * Notifications tab (SPEC.md §2) as the reminders workbench (issue 21, item 3): a range with
 * presets (Today, Next 7 days, Next 30 days, Overdue), the owner e-mail's state as a filter, a
 * calendar marking the days with reminders, call and e-mail links on each card, "Send reminders"
 * for the range (one e-mail per owner) and the server's CSV export. Pull-to-refresh and pages of 4.
 */
export default function NotificationsTab() {
  const { t, i18n } = useTranslation('portal');
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [selection, setSelection] = useReminderSelection();
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [preview, setPreview] = useState<SendVetRemindersResult | null>(null);
  const [sendError, setSendError] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SendVetRemindersResult | null>(null);
  const [marking, setMarking] = useState<number | null>(null);
  const [markError, setMarkError] = useState('');
  const [snoozing, setSnoozing] = useState<VetReminder | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const queryClient = useQueryClient();
  const reminders = useVetReminders(selection, page);
  const list = reminders.data?.reminders ?? [];
  const { container: cardListBox, actedOn: cardActedOn } = useFocusAfterCardLeaves(list, marking === null);
  const label = selectionLabel(selection, i18n.language, t('desk.range.preset.overdue'));

  const choose = (next: ReminderSelection) => {
    setSelection(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const { blob, filename } = await downloadRemindersExport(reminderQuery(selection));
      saveFile(blob, filename);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  const openSend = async () => {
    setSendOpen(true);
    setPreview(null);
    setSendError('');
    setSent(null);
    try {
      setPreview(await sendVetReminders(selection, true));
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    }
  };

  const send = async () => {
    setSending(true);
    setSendError('');
    try {
      const result = await sendVetReminders(selection, false);
      setSendOpen(false);
      setSent(result);
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'reminders'] });
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  /** Done, Snooze (after its dialog) and Reopen on a card; the list is read again after. */
  const mark = async (r: VetReminder, action: ReminderAction, until?: string) => {
    cardActedOn(r.id);
    setMarking(r.id);
    setMarkError('');
    try {
      await updateVetReminder(r, action, until);
      setSnoozing(null);
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'reminders'] });
    } catch (err) {
      setMarkError(err instanceof Error ? err.message : String(err));
    } finally {
      setMarking(null);
    }
  };

  const onMark = (r: VetReminder, action: ReminderAction) => {
    setMarkError('');
    if (action === 'snooze') setSnoozing(r);
    else void mark(r, action);
  };

  const range: RangeValue = selection.overdue ? { overdue: true } : { from: selection.dateFrom, to: selection.dateTo };
  const count = reminders.data?.count ?? 0;
  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('reminders.heading')}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <DateRangeFilter
          label={t('reminders.rangeLabel')}
          value={range}
          presets={['today', 'next7', 'nextWeek', 'next30', 'overdue']}
          onChange={(v) => {
            const today = dayjs().format(ISO_DAY);
            choose(
              v.overdue
                ? { overdue: true, status: selection.status, state: selection.state }
                : v.from || v.to
                  ? { dateFrom: v.from, dateTo: v.to, status: selection.status, state: selection.state }
                  : { dateFrom: today, dateTo: today, status: selection.status, state: selection.state },
            );
          }}
        />
        {/* The filters show their "Any …" choice, their labels above: a label inside the field had only the field's
            width, and a long one ("Status der Erinnerung") ended in an ellipsis. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="reminder-status-label" shrink>
              {t('reminders.statusFilter')}
            </InputLabel>
            <Select
              labelId="reminder-status-label"
              displayEmpty
              notched
              label={t('reminders.statusFilter')}
              value={selection.status ?? ''}
              onChange={(e) =>
                choose({ ...selection, status: (e.target.value || undefined) as ReminderDeliveryStatus | undefined })
              }
            >
              <MenuItem value="">{t('reminders.anyStatus')}</MenuItem>
              {STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`reminderMail.status.${s}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="reminder-state-label" shrink>
              {t('reminders.stateFilter')}
            </InputLabel>
            <Select
              labelId="reminder-state-label"
              displayEmpty
              notched
              label={t('reminders.stateFilter')}
              value={selection.state ?? ''}
              onChange={(e) =>
                choose({ ...selection, state: (e.target.value || undefined) as ReminderState | undefined })
              }
            >
              <MenuItem value="">{t('reminders.anyState')}</MenuItem>
              {STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`reminders.state.${s}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            onClick={() => void openSend()}
            disabled={count === 0}
            sx={{ transition: 'none' }}
          >
            {t('reminderMail.button')}
          </Button>
          <CanAccess action="exportCsv">
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void exportCsv()}
              disabled={exporting || count === 0}
              sx={{ transition: 'none' }}
            >
              {t('reminders.export')}
            </Button>
          </CanAccess>
          <Button
            variant="outlined"
            startIcon={<SettingsOutlined />}
            onClick={() => setSettingsOpen(true)}
            sx={{ transition: 'none' }}
          >
            {t('reminderSettings.open')}
          </Button>
        </Stack>
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('reminders.total', { count })}
      </Typography>
      {reminders.isError && <ErrorLine plain message={reminders.error.message} sx={{ mb: 2 }} />}
      {sent !== null && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(null)}>
          {t('reminderMail.queued', { count: sent.queued })}{' '}
          {sent.queued > 0 && t('reminderMail.covering', { count: sent.reminders })}
          {sent.overDailyLimit > 0 && ` ${t('reminderMail.overDailyLimit', { count: sent.overDailyLimit })}`}
          {sent.overClinicDailyLimit > 0 &&
            ` ${t('reminderMail.overClinicDailyLimit', { count: sent.overClinicDailyLimit })}`}
        </Alert>
      )}
      {exportError && <ErrorLine plain message={exportError} sx={{ mb: 2 }} />}
      {markError && !snoozing && <ErrorLine plain message={markError} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: wide ? '320px 1fr' : '1fr', alignItems: 'start' }}>
        {wide && (
          <Card variant="outlined" component="section" aria-label={t('reminders.calendarLabel')}>
            <ReminderCalendar
              // a new range opens the calendar at its first month
              key={selection.overdue ? 'overdue' : (selection.dateFrom ?? '').slice(0, 7)}
              range={selection.overdue ? null : { from: selection.dateFrom, to: selection.dateTo }}
              status={selection.status}
              onPick={(day) => choose({ dateFrom: day, dateTo: day, status: selection.status, state: selection.state })}
            />
          </Card>
        )}
        <Box ref={cardListBox} tabIndex={-1} sx={{ minWidth: 0, outline: 'none' }}>
          <PagedCardList
            pending={reminders.isPending}
            itemCount={list.length}
            total={reminders.data?.count}
            emptyMessage={
              selection.overdue
                ? t('reminders.emptyOverdue')
                : selection.dateFrom && selection.dateFrom === selection.dateTo
                  ? t('reminders.empty')
                  : t('reminders.emptyRange')
            }
            skeletonHeight={160}
            dimmed={reminders.isPlaceholderData}
            page={page}
            onPageChange={setPage}
            pagerLabel={t('reminders.pagerLabel')}
            onRefresh={() => {
              setPage(1);
              void reminders.refetch();
            }}
          >
            {list.map((r) => (
              <ReminderCard key={r.id} r={r} busy={marking === r.id} onMark={onMark} />
            ))}
          </PagedCardList>
        </Box>
      </Box>
      <ComplianceSection />
      <SendRemindersDialog
        open={sendOpen}
        rangeLabel={label}
        overdue={selection.overdue}
        preview={preview}
        error={sendError}
        busy={sending}
        onSend={() => void send()}
        onCancel={() => setSendOpen(false)}
      />
      {snoozing && (
        <SnoozeDialog
          petName={snoozing.petName}
          busy={marking === snoozing.id}
          error={markError}
          onSnooze={(until) => void mark(snoozing, 'snooze', until)}
          onCancel={() => {
            setSnoozing(null);
            setMarkError('');
          }}
        />
      )}
      {settingsOpen && <ReminderSettingsDialog onClose={() => setSettingsOpen(false)} />}
    </Box>
  );
}
