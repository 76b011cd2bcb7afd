import { Box, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { ReminderComplianceMonth } from '#shared/contract/vet';
import { formatNumber } from '#client/components/format/numbers';

/**
 * The compliance bars (MUI X Charts), in their own chunk like the weight chart: loaded only when the Notifications
 * tab shows the section. Months run from the reading direction's start (mirrored in right-to-left languages).
 */
export default function ComplianceChart({
  months,
  counts,
  monthLabel,
}: {
  months: readonly ReminderComplianceMonth[];
  /** the counts shown, in order: a bar each per month */
  counts: readonly Exclude<keyof ReminderComplianceMonth, 'month'>[];
  monthLabel: (month: string) => string;
}) {
  const { t, i18n } = useTranslation('portal');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const colors = [
    theme.palette.grey[500],
    theme.palette.info.main,
    theme.palette.primary.main,
    theme.palette.success.main,
  ];
  return (
    <Box sx={{ height: 1 }}>
      <BarChart
        height={260}
        margin={{ top: 8, bottom: 8, left: 8, right: 16 }}
        xAxis={[
          {
            scaleType: 'band',
            data: months.map((m) => m.month),
            reverse: rtl,
            height: 40,
            valueFormatter: (month: string) => monthLabel(month),
          },
        ]}
        yAxis={[
          {
            position: rtl ? 'right' : 'left',
            width: 40,
            tickMinStep: 1,
            valueFormatter: (v: number) => formatNumber(v, i18n.language),
          },
        ]}
        series={counts.map((key, i) => ({
          data: months.map((m) => m[key]),
          label: t(`compliance.${key}`),
          color: colors[i],
          valueFormatter: (v: number | null) => (v === null ? '' : formatNumber(v, i18n.language)),
        }))}
      />
    </Box>
  );
}
