import { lazy, Suspense, useId } from 'react';
import { Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '#shared/languages';
import { useReminderCompliance } from '#client/api/portal-reminders';
import { ISO_DAY } from '#client/components/format/dates';
import { formatNumber } from '#client/components/format/numbers';
import { ErrorLine } from '#client/components/states/error-line';

const ComplianceChart = lazy(() => import('#client/features/portal-reminders/compliance-chart'));

/** The four counts of a month: the chart's bars and the table's columns, in this order. */
const COLUMNS = ['due', 'notified', 'done', 'doneWithin30Days'] as const;

/** The last twelve months, this one included. */
function lastTwelveMonths(): { dateFrom: string; dateTo: string } {
  const now = dayjs();
  return {
    dateFrom: now.subtract(11, 'month').startOf('month').format(ISO_DAY),
    dateTo: now.endOf('month').format(ISO_DAY),
  };
}

/**
 * "Compliance" on the Notifications tab (issue 33, item 6): for each of the last twelve months of due dates, the
 * reminders due, e-mailed, done and done within 30 days (GetReminderCompliance, decision 0189), as bars and as a
 * table with the same numbers (the table is what a screen reader reads; the chart is marked as an image of it).
 */
export function ComplianceSection() {
  const { t, i18n } = useTranslation('portal');
  const headingId = useId();
  const compliance = useReminderCompliance(lastTwelveMonths());
  const months = compliance.data?.months ?? [];
  const monthFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
  const title = t('compliance.heading');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }} data-testid="reminder-compliance">
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('compliance.explain')}
      </Typography>
      {compliance.isError && <ErrorLine plain message={compliance.error.message} sx={{ mb: 2 }} />}
      {compliance.isPending ? (
        <Skeleton variant="rounded" height={260} aria-hidden />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) auto' } }}>
          {/* at least the chart's height, and more when its legend wraps (a phone, a long language) */}
          <Box role="img" aria-label={t('compliance.chartLabel')} sx={{ minWidth: 0, minHeight: 260 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={260} aria-hidden />}>
              <ComplianceChart months={months} counts={COLUMNS} monthLabel={monthLabel} />
            </Suspense>
          </Box>
          <Box
            tabIndex={0}
            role="region"
            aria-label={t('compliance.tableLabel')}
            sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            <Table size="small" stickyHeader aria-label={t('compliance.tableLabel')}>
              <TableHead>
                {/* each header on one line: on a phone "Done within 30 days" broke into a word a line; the box scrolls */}
                <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                  <TableCell component="th" scope="col">
                    {t('compliance.month')}
                  </TableCell>
                  {COLUMNS.map((c) => (
                    <TableCell key={c} component="th" scope="col" align="right">
                      {t(`compliance.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {months.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {monthLabel(m.month)}
                    </TableCell>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} align="right">
                        {formatNumber(m[c], i18n.language)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Box>
  );
}
