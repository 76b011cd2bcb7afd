import { lazy, Suspense, useId, useMemo } from 'react';
import {
  Box,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#client/components/format/dates';
import { formatNumber } from '#client/components/format/numbers';
import {
  chooseWeightUnit,
  fromKilograms,
  recordedKilograms,
  useWeightUnit,
  weightDigits,
  WEIGHT_UNITS,
  type WeightUnit,
} from '#client/components/format/weight-units';

const WeightChart = lazy(() => import('#client/components/weight/weight-chart'));

/** A weight as recorded: its value and unit as typed, on its day. */
export interface RecordedWeight {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  value: string;
  unit: string;
}

interface Reading {
  id: number;
  date: string;
  kg: number;
}

/** The readable weights, oldest first (records whose value or unit is not a weight are left to the record cards). */
function readings(records: readonly RecordedWeight[]): Reading[] {
  return records
    .flatMap((r) => {
      const kg = recordedKilograms(r.value, r.unit);
      return kg === null || !/^\d{4}-\d{2}-\d{2}$/.test(r.date) ? [] : [{ id: r.id, date: r.date, kg }];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/**
 * "Weight over time": a line chart of a pet's weights in the visitor's unit (kg or lb, converted,
 * chosen with the toggle and remembered) and the same values as a table. Nothing when no record
 * holds a readable weight. The chart's code loads on its own, after this section shows.
 */
export function WeightOverTime({
  records,
  headingComponent = 'h3',
}: {
  records: readonly RecordedWeight[];
  headingComponent?: 'h3' | 'h4';
}) {
  const { t, i18n } = useTranslation('common');
  const unit = useWeightUnit();
  const headingId = useId();
  const list = useMemo(() => readings(records), [records]);
  if (list.length === 0) return null;

  const unitLabel = t(`weight.units.${unit}`);
  const rows = list.map((r) => ({ ...r, value: fromKilograms(r.kg, unit) }));
  const show = (value: number) =>
    formatNumber(value, i18n.language, {
      minimumFractionDigits: weightDigits(value),
      maximumFractionDigits: weightDigits(value),
    });
  const title = t('weight.title');
  const tableLabel = t('weight.tableLabel', { unit: unitLabel });

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="weight-over-time">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <Typography id={headingId} component={headingComponent} variant="h3">
          {title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unit}
          onChange={(_e, next: WeightUnit | null) => next && chooseWeightUnit(next)}
          aria-label={t('weight.unitChoice')}
        >
          {WEIGHT_UNITS.map((u) => (
            <ToggleButton
              key={u}
              value={u}
              aria-label={t('weight.unitButton', { unit: t(`weight.units.${u}`), name: t(`weight.unitNames.${u}`) })}
              sx={{ px: 1.5, textTransform: 'none' }}
            >
              {t(`weight.units.${u}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }}
      >
        <Box role="img" aria-label={title} sx={{ minWidth: 0, height: 240 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={240} aria-hidden />}>
            <WeightChart
              points={rows.map((r) => ({ day: new Date(`${r.date}T00:00:00Z`), value: r.value }))}
              unit={unit}
            />
          </Suspense>
        </Box>
        {/* a long series scrolls inside its box, which the keyboard can reach and scroll */}
        <Box
          tabIndex={0}
          role="region"
          aria-label={tableLabel}
          sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          <Table size="small" stickyHeader aria-label={tableLabel} sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('weight.date')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('weight.value', { unit: unitLabel })}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <time dateTime={r.date}>{formatLongDate(r.date, i18n.language)}</time>
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {show(r.value)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Box>
  );
}
