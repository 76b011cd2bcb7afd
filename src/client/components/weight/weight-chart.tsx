import { Box, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '#shared/languages';
import { formatNumber } from '#client/components/format/numbers';
import { weightDigits, type WeightUnit } from '#client/components/format/weight-units';

export interface WeightChartPoint {
  /** the day weighed, as a UTC midnight */
  day: Date;
  value: number;
}

/**
 * The line of a pet's weights (MUI X Charts), in its own chunk: loaded only where a weight series
 * shows, never with a page's first load. Time runs from the reading direction's start, so the axis
 * is mirrored in right-to-left languages.
 */
export default function WeightChart({ points, unit }: { points: readonly WeightChartPoint[]; unit: WeightUnit }) {
  const { t, i18n } = useTranslation('common');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const unitLabel = t(`weight.units.${unit}`);
  const dayFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const weight = (value: number | null) =>
    value === null
      ? ''
      : `${formatNumber(value, i18n.language, { maximumFractionDigits: weightDigits(value) })} ${unitLabel}`;
  const values = points.map((p) => p.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // Some room around the line (a flat series still gets an axis with a span).
  const pad = Math.max((high - low) * 0.15, high * 0.05, 0.01);
  return (
    <Box sx={{ height: 1 }}>
      <LineChart
        height={240}
        hideLegend
        margin={{ top: 12, bottom: 8, left: 8, right: 16 }}
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((p) => p.day),
            reverse: rtl,
            // room for the tallest script's labels (Noto Sans Arabic's line is 25 px at 12 px: at the default height
            // every label was cut to nothing)
            height: 40,
            valueFormatter: (day: Date) => dayFormat.format(day),
            tickNumber: Math.min(points.length, 5),
          },
        ]}
        yAxis={[
          {
            position: rtl ? 'right' : 'left',
            min: Math.max(0, low - pad),
            max: high + pad,
            width: 56,
            valueFormatter: (value: number) =>
              formatNumber(value, i18n.language, { maximumFractionDigits: weightDigits(high) }),
          },
        ]}
        series={[
          {
            data: values,
            label: t('weight.seriesLabel', { unit: unitLabel }),
            color: theme.palette.primary.main,
            showMark: true,
            curve: 'linear',
            valueFormatter: weight,
          },
        ]}
      />
    </Box>
  );
}
