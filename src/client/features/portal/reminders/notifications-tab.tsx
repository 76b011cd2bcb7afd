import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '#shared/constants';
import type { SendVetRemindersResult, VetReminder } from '#shared/contract/vet';
import { fetchAllReminders, sendVetReminders, useVetReminders } from '#client/api/portal-reminders';
import { PORTAL_KEY } from '#client/api/portal-visits';
import { PetSummary } from '#client/components/pet-avatar';
import { formatLongDate } from '#client/components/dates';
import { Pager } from '#client/components/pager';
import { PullToRefreshArea } from '#client/components/pull-to-refresh-area';
import { ISO_DAY } from '#client/features/portal/visits/reminder-date';
import { DeliveryChip } from '#client/features/portal/reminders/delivery-chip';
import { buildCsv } from '#client/features/portal/reminders/reminders-csv';
import { SendRemindersDialog } from '#client/features/portal/reminders/send-reminders-dialog';
import { CardList } from '#client/components/card-list';
import { ErrorLine } from '#client/components/error-line';
import { useDataTitles } from '#client/components/data-titles';
import { Ltr, UserText } from '#client/components/bidi';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ReminderCard({ r }: { r: VetReminder }) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  return (
    <Card component="article" aria-label={r.petName}>
      <CardContent>
        <PetSummary pet={r} headingLevel="h2" />
        <Stack spacing={0.25} sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            <strong>{t('reminders.due')}:</strong> <bdi>{titles.recordValue(r.categoryTypeId, r.recordValue)}</bdi>
          </Typography>
          <Typography variant="body2">
            <strong>{t('reminders.date')}:</strong> {formatLongDate(r.nextReminderDate, i18n.language)}
          </Typography>
          <Typography variant="body2">
            <strong>{t('pets.col.owner')}:</strong> <UserText>{r.ownerNameForVet}</UserText> · <Ltr>{r.ownerPhoneForVet}</Ltr>
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          <Typography variant="body2" component="span">
            <strong>{t('reminderMail.cardLabel')}:</strong>
          </Typography>
          <DeliveryChip status={r.deliveryStatus} error={r.deliveryError} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Notifications tab (SPEC.md §2): the reminders due on a day, pull-to-refresh, pagination, CSV export. */
export default function NotificationsTab() {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [preview, setPreview] = useState<SendVetRemindersResult | null>(null);
  const [sendError, setSendError] = useState('');
  const [sending, setSending] = useState(false);
  const [sentCount, setSentCount] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const day = date.format(ISO_DAY);
  const reminders = useVetReminders(day, page);
  const list = reminders.data?.reminders ?? [];

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const all = await fetchAllReminders(day);
      const header = [t('reminders.csv.pet'), t('pets.col.type'), t('pets.col.breed'), t('pets.col.age'), t('pets.col.owner'), t('pets.col.phone'), t('reminders.due'), t('reminders.date')];
      // the data titles in the reader's language, as on screen
      const rows = all.map((r) => [r.petName, titles.petType(r.petTypeId, r.petType), titles.breed(r.petBreedId, r.petBreed), r.age, r.ownerNameForVet, r.ownerPhoneForVet, titles.recordValue(r.categoryTypeId, r.recordValue), r.nextReminderDate]);
      download(`reminders-${day}.csv`, buildCsv(header, rows));
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
    setSentCount(null);
    try {
      setPreview(await sendVetReminders(day, true));
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    }
  };

  const send = async () => {
    setSending(true);
    setSendError('');
    try {
      const result = await sendVetReminders(day, false);
      setSendOpen(false);
      setSentCount(result.queued);
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'reminders', day] });
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('reminders.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <DatePicker
          label={t('reminders.day')}
          value={date}
          format="LL"
          onChange={(d) => {
            if (d && d.isValid()) {
              setDate(d);
              setPage(1);
            }
          }}
          sx={{ maxWidth: 280 }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<SendOutlined />} onClick={() => void openSend()} disabled={(reminders.data?.count ?? 0) === 0} sx={{ transition: 'none' }}>
          {t('reminderMail.button')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting || (reminders.data?.count ?? 0) === 0} sx={{ transition: 'none' }}>
          {t('reminders.export')}
        </Button>
      </Stack>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {t('reminders.total', { count: reminders.data?.count ?? 0 })}
      </Typography>
      {reminders.isError && (
        <ErrorLine plain message={reminders.error.message} sx={{ mb: 2 }} />
      )}
      {sentCount !== null && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSentCount(null)}>
          {t('reminderMail.queued', { count: sentCount })}
        </Alert>
      )}
      {exportError && (
        <ErrorLine plain message={exportError} sx={{ mb: 2 }} />
      )}
      <PullToRefreshArea
        onRefresh={() => {
          setPage(1);
          void reminders.refetch();
        }}
      >
        <CardList pending={reminders.isPending} itemCount={list.length} emptyMessage={t('reminders.empty')} skeletonHeight={160}>
          {list.map((r) => (
            <ReminderCard key={r.id} r={r} />
          ))}
        </CardList>
      </PullToRefreshArea>
      <Pager page={page} itemsOnPage={list.length} fullPage={PAGE_SIZE} onPageChange={setPage} label={t('reminders.pagerLabel')} />
      <SendRemindersDialog
        open={sendOpen}
        dayLabel={formatLongDate(day, i18n.language)}
        preview={preview}
        error={sendError}
        busy={sending}
        onSend={() => void send()}
        onCancel={() => setSendOpen(false)}
      />
    </Box>
  );
}
