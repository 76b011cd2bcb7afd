import { useState } from 'react';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReminderDeliveryStatus } from '#shared/contract/vet';
import { useReminderDays } from '#client/api/portal-reminders';
import { ISO_DAY } from '#client/components/format/dates';
import type { DayRange } from '#client/components/desk-grid/date-range';

interface DayMarks {
  counts: ReadonlyMap<string, number>;
  label: (count: number) => string;
  /** the days the list shows, when more than one */
  range: DayRange | null;
}

/**
 * A mark under the day's number, centred: inside the day's own box in either direction (a badge at its corner spilled
 * into the next day in Arabic, issue 36 item 9).
 */
const MARK = {
  '&::after': {
    content: '""',
    position: 'absolute',
    bottom: 3,
    left: 0,
    right: 0,
    marginInline: 'auto',
    width: 6,
    height: 6,
    borderRadius: '50%',
    bgcolor: 'secondary.main',
  },
} as const;
const IN_RANGE = { bgcolor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.16)' } as const;

/** A day of the calendar: a mark when it has reminders (its name says how many), shaded when in the chosen range. */
function ReminderDay({ counts, label, range, ...props }: PickerDayProps & Partial<DayMarks>) {
  const day = props.day.format(ISO_DAY);
  const count = props.outsideCurrentMonth ? 0 : (counts?.get(day) ?? 0);
  const inRange = !props.outsideCurrentMonth && !!range?.from && !!range.to && day >= range.from && day <= range.to;
  return (
    <PickerDay
      {...props}
      aria-label={count > 0 && label ? `${props.day.format('LL')}, ${label(count)}` : undefined}
      data-reminders={count || undefined}
      data-in-range={inRange || undefined}
      sx={[count > 0 && MARK, inRange && !props.selected && IN_RANGE]}
    />
  );
}

interface Props {
  /** the days the list shows (a one-day range shows that day selected), or null (overdue) */
  range: DayRange | null;
  status?: ReminderDeliveryStatus;
  onPick: (day: string) => void;
}

/**
 * The reminders workbench's month calendar (issue 21, item 3): days with reminders carry a mark (and say how many),
 * the status filter applies; picking a day shows that day. It opens at the month where the chosen range starts and
 * shades the range's days (issue 36, item 11).
 */
export function ReminderCalendar({ range, status, onPick }: Props) {
  const { t } = useTranslation('portal');
  const [month, setMonth] = useState<Dayjs>(() => (range?.from ? dayjs(range.from) : dayjs()).startOf('month'));
  // The six weeks the calendar shows around the month.
  const shown = {
    dateFrom: month.startOf('week').subtract(7, 'day').format(ISO_DAY),
    dateTo: month.endOf('month').endOf('week').add(7, 'day').format(ISO_DAY),
  };
  const days = useReminderDays(shown, status);
  const counts = new Map((days.data?.days ?? []).map((d) => [d.date, d.count]));
  const oneDay = range?.from && range.from === range.to ? range.from : null;
  return (
    <DateCalendar
      value={oneDay ? dayjs(oneDay) : null}
      referenceDate={month}
      onChange={(d: Dayjs | null) => {
        if (d && d.isValid()) onPick(d.format(ISO_DAY));
      }}
      onMonthChange={(m: Dayjs) => setMonth(m.startOf('month'))}
      loading={days.isPending}
      slots={{ day: ReminderDay }}
      slotProps={{
        day: {
          counts,
          label: (count: number) => t('reminders.calendarCount', { count }),
          range: oneDay ? null : range,
        } as Partial<PickerDayProps>,
      }}
      aria-label={t('reminders.calendarLabel')}
    />
  );
}
