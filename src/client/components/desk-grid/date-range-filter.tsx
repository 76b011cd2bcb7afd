import { Box, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISO_DAY } from '#client/components/format/dates';
import {
  presetOf,
  presetRange,
  typedDay,
  weekStartOf,
  type DayRange,
  type RangePreset,
  withEnd,
} from '#client/components/desk-grid/date-range';
import { useLanguage } from '#client/components/i18n/language';

/** How long typing may pause before a typed day is taken (a picked day is taken at once). */
const TYPING_PAUSE_MS = 600;
/** What stands beside the date in a small field: its padding and the clear and calendar buttons. */
const FIELD_START_PX = 14;
const FIELD_END_PX = 92;

/**
 * Wide enough for the longest date of the language (issue 36, item 3: "November 27," and "27 de noviemb" were cut): a
 * hidden line per month, set in the field's font, gives the column its width, and the field fills it.
 */
function WholeDateWidth({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const samples = useMemo(
    () =>
      Array.from({ length: 12 }, (_, month) =>
        dayjs(new Date(2026, month, 28))
          .locale(language)
          .format('LL'),
      ),
    [language],
  );
  return (
    <Box sx={{ display: 'inline-grid', maxWidth: '100%' }}>
      <Box
        aria-hidden
        sx={{
          gridArea: '1 / 1',
          height: 0,
          overflow: 'hidden',
          visibility: 'hidden',
          whiteSpace: 'nowrap',
          typography: 'body1',
          paddingInlineStart: `${FIELD_START_PX}px`,
          paddingInlineEnd: `${FIELD_END_PX}px`,
        }}
      >
        {samples.map((sample) => (
          <div key={sample}>{sample}</div>
        ))}
      </Box>
      <Box sx={{ gridArea: '1 / 1', minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/**
 * One end of the range: a day picked from the calendar counts at once; a typed one once typing
 * pauses or the field is left, so a day half typed (a year "202") never reaches the list or the
 * address. A pause takes a typed day only if `takesOnPause` agrees: the "1" of a "16" typed slowly
 * must not move the range's other end. Leaving the field or pressing Enter takes what was typed at once, even a day
 * that moves the other end; what cannot be read as a day gives way to the range as it is (the field is never left red).
 */
function RangeEndPicker({
  label,
  value,
  disabled,
  onCommit,
  takesOnPause,
}: {
  label: string;
  value: string | undefined;
  disabled?: boolean;
  onCommit: (day: string | undefined) => void;
  takesOnPause: (day: string) => boolean;
}) {
  const [draft, setDraft] = useState<{ day: Dayjs | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const calendarOpen = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (d: Dayjs | null) => {
    clearTimeout(timer.current);
    setDraft(null);
    if (d === null) onCommit(undefined);
    else if (d.isValid() && d.year() >= 1900) onCommit(d.format(ISO_DAY));
  };
  const commitTyped = () => {
    if (!draft) return;
    clearTimeout(timer.current);
    setDraft(null);
    if (draft.day === null) onCommit(undefined);
    else {
      const day = typedDay(draft.day);
      if (day) onCommit(day);
    }
  };
  return (
    <WholeDateWidth>
      <DatePicker
        label={label}
        value={draft ? draft.day : value ? dayjs(value) : null}
        onChange={(d: Dayjs | null) => {
          setDraft({ day: d });
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (d === null || (d.isValid() && takesOnPause(d.format(ISO_DAY)))) commit(d);
          }, TYPING_PAUSE_MS);
        }}
        // The field "accepts" every keystroke that makes a whole day (the "1" of "16"): only a day
        // picked in the open calendar counts at once; typing waits for the pause.
        onOpen={() => (calendarOpen.current = true)}
        onClose={() => (calendarOpen.current = false)}
        onAccept={(d: Dayjs | null) => {
          if (calendarOpen.current) commit(d);
        }}
        format="LL"
        disabled={disabled}
        slotProps={{
          field: { shouldRespectLeadingZeros: true, clearable: true },
          textField: {
            size: 'small',
            fullWidth: true,
            // a day half typed is not an error: it is taken, or gives way, when the field is left
            error: false,
            // Leaving the field takes what was typed at once (moving between its parts does not).
            onBlur: (e: FocusEvent<HTMLDivElement>) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) commitTyped();
            },
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === 'Enter') commitTyped();
            },
          },
        }}
      />
    </WholeDateWidth>
  );
}

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
  const picker = (end: 'from' | 'to') => (
    <RangeEndPicker
      key={end}
      label={t(end === 'from' ? 'desk.range.from' : 'desk.range.to')}
      value={value[end]}
      disabled={value.overdue}
      onCommit={(day) => onChange(withEnd({ from: value.from, to: value.to }, end, day))}
      // a typed day that would cross the other end (and move it) waits for the field to be left
      takesOnPause={(day) => (end === 'from' ? !value.to || day <= value.to : !value.from || day >= value.from)}
    />
  );
  return (
    <Stack
      role="group"
      aria-label={label}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {picker('from')}
      {picker('to')}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={pressed}
        aria-label={t('desk.range.presets')}
        // five presets in French ("7 prochains jours", "Semaine prochaine") are wider than a phone: they wrap
        sx={{ flexWrap: 'wrap', maxWidth: '100%' }}
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
