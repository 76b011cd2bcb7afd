import { Box, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISO_DAY } from '#client/features/portal/visits/reminder-date';
import { presetOf, presetRange, weekStartOf, type DayRange, type RangePreset, withEnd } from '#client/features/portal/desk/date-range';
import { useLanguage } from '#client/components/language';

/** The range the filter shows: days, or (reminders) the overdue ones. */
export interface RangeValue extends DayRange {
  overdue?: boolean;
}

interface Props {
  value: RangeValue;
  presets: readonly RangePreset[];
  onChange: (value: RangeValue) => void;
  /** names the group for assistive technology, e.g. "Visit dates" */
  label: string;
  /** a range may be cleared (the visits: all dates); the reminders always have one */
  clearable?: boolean;
}

/**
 * From and to date pickers with preset buttons (issue 21): the long local date format ("March 5,
 * 2025" in English, no zero padding: issue 25 item 12), the other end following when the ends cross,
 * and "Overdue" as a choice of its own where offered.
 */
export function DateRangeFilter({ value, presets, onChange, label, clearable = false }: Props) {
  const { t } = useTranslation('portal');
  const weekStart = weekStartOf(useLanguage());
  const pressed = value.overdue ? 'overdue' : presetOf(value, presets, dayjs(), weekStart);
  const pick = (end: 'from' | 'to') => (d: dayjs.Dayjs | null) => {
    // A day still being typed (a year of one to three digits) is not a choice yet.
    if (d !== null && (!d.isValid() || d.year() < 1900)) return;
    onChange(withEnd({ from: value.from, to: value.to }, end, d ? d.format(ISO_DAY) : undefined));
  };
  const picker = (end: 'from' | 'to') => (
    <DatePicker
      label={t(end === 'from' ? 'desk.range.from' : 'desk.range.to')}
      value={value[end] ? dayjs(value[end]) : null}
      onChange={pick(end)}
      format="LL"
      disabled={value.overdue}
      slotProps={{ field: { shouldRespectLeadingZeros: true, clearable: true }, textField: { size: 'small', sx: { width: 210 } } }}
    />
  );
  return (
    <Stack role="group" aria-label={label} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {picker('from')}
      {picker('to')}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={pressed}
        aria-label={t('desk.range.presets')}
        onChange={(_e, preset: RangePreset | null) => {
          if (preset === null) return;
          onChange(preset === 'overdue' ? { overdue: true } : presetRange(preset, dayjs(), weekStart));
        }}
      >
        {presets.map((p) => (
          <ToggleButton key={p} value={p} sx={{ textTransform: 'none', px: 1.25 }}>
            {t(`desk.range.preset.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {clearable && (value.from || value.to) && (
        <Box>
          <Button size="small" onClick={() => onChange({})}>
            {t('desk.range.allDates')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
