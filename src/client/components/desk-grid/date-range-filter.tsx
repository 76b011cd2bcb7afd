import { Box, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
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

const sameRange = (a: RangeValue, b: RangeValue) => a.from === b.from && a.to === b.to && !a.overdue === !b.overdue;

/** The changes sent from the one `value` shows on: from the entry `value` equals, or none when it is none of them. */
function pendingFrom(chain: readonly RangeValue[], value: RangeValue): readonly RangeValue[] {
  const at = chain.findIndex((range) => sameRange(range, value));
  return at < 0 ? [] : chain.slice(at);
}

/**
 * The range the filter shows and a change composes with: `value`, or the change last sent while `value` still shows
 * a range of the chain that led to it. A parent may show a change late: the reminders keep their range in the address,
 * which React Router updates in a transition that each keystroke interrupts, so a To typed right after a From was
 * taken composed with the old From and sent it back (the From typed was lost), and a field showed the old day again.
 */
function useRangeSent(value: RangeValue, send: (next: RangeValue) => void) {
  // the range `value` showed when the first change not yet shown was sent, then each change sent since
  const [state, setState] = useState<{ value: RangeValue; chain: readonly RangeValue[] }>({ value, chain: [] });
  if (!sameRange(state.value, value)) setState({ value, chain: pendingFrom(state.chain, value) });
  const chain = pendingFrom(state.chain, value);
  // for a typing pause's timer, which holds the props of the keystroke's render
  const latest = useRef({ value, chain });
  useLayoutEffect(() => {
    latest.current = { value, chain };
  });
  const current = (): RangeValue => latest.current.chain.at(-1) ?? latest.current.value;
  return {
    shown: chain.at(-1) ?? value,
    current,
    onChange: (next: RangeValue) => {
      const { value: shownValue, chain: sent } = latest.current;
      const grown = [...(sent.length > 0 ? sent : [shownValue]), next];
      latest.current = { value: shownValue, chain: grown };
      setState({ value: shownValue, chain: grown });
      send(next);
    },
  };
}

/**
 * From and to date pickers with preset buttons (issue 21): the long local date format ("March 5,
 * 2025" in English, no zero padding: issue 25 item 12), the other end following when the ends cross,
 * and "Overdue" as a choice of its own where offered.
 */
export function DateRangeFilter({ value: given, presets, onChange: send, label, clearable = false }: Props) {
  const { t } = useTranslation('portal');
  const weekStart = weekStartOf(useLanguage());
  const { shown: value, current, onChange } = useRangeSent(given, send);
  const pressed = value.overdue ? 'overdue' : presetOf(value, presets, dayjs(), weekStart);
  const picker = (end: 'from' | 'to') => (
    <RangeEndPicker
      key={end}
      label={t(end === 'from' ? 'desk.range.from' : 'desk.range.to')}
      value={value[end]}
      disabled={value.overdue}
      onCommit={(day) => {
        const { from, to } = current();
        onChange(withEnd({ from, to }, end, day));
      }}
      // a typed day that would cross the other end (and move it) waits for the field to be left
      takesOnPause={(day) => {
        const { from, to } = current();
        return end === 'from' ? !to || day <= to : !from || day >= from;
      }}
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
