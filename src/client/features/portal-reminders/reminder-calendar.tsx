import { useState } from 'react';
import { Badge } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReminderDeliveryStatus } from '#shared/contract/vet';
import { useReminderDays } from '#client/api/portal-reminders';
import { ISO_DAY } from '#client/components/format/dates';

interface DayCounts {
  counts: ReadonlyMap<string, number>;
  label: (count: number) => string;
}

/** A day of the calendar with a badge when it has reminders; its name says how many. */
function ReminderDay({ counts, label, ...props }: PickerDayProps & Partial<DayCounts>) {
  const count = props.outsideCurrentMonth ? 0 : (counts?.get(props.day.format(ISO_DAY)) ?? 0);
  return (
    <Badge
      key={props.day.toString()}
      overlap="circular"
      color="secondary"
      variant="dot"
      invisible={count === 0}
      sx={{ '& .MuiBadge-dot': { top: 6, right: 6 } }}
    >
      <PickerDay
        {...props}
        aria-label={count > 0 && label ? `${props.day.format('LL')}, ${label(count)}` : undefined}
        data-reminders={count || undefined}
      />
    </Badge>
  );
}

interface Props {
  /** the day shown selected (a one-day range), or null */
  selected: string | null;
  status?: ReminderDeliveryStatus;
  onPick: (day: string) => void;
}

/**
 * The reminders workbench's month calendar (issue 21, item 3): days with reminders carry a mark
 * (and say how many), the status filter applies; picking a day shows that day.
 */
export function ReminderCalendar({ selected, status, onPick }: Props) {
  const { t } = useTranslation('portal');
  const [month, setMonth] = useState<Dayjs>(() => (selected ? dayjs(selected) : dayjs()).startOf('month'));
  // The six weeks the calendar shows around the month.
  const range = {
    dateFrom: month.startOf('week').subtract(7, 'day').format(ISO_DAY),
    dateTo: month.endOf('month').endOf('week').add(7, 'day').format(ISO_DAY),
  };
  const days = useReminderDays(range, status);
  const counts = new Map((days.data?.days ?? []).map((d) => [d.date, d.count]));
  return (
    <DateCalendar
      value={selected ? dayjs(selected) : null}
      onChange={(d: Dayjs | null) => {
        if (d && d.isValid()) onPick(d.format(ISO_DAY));
      }}
      onMonthChange={(m: Dayjs) => setMonth(m.startOf('month'))}
      loading={days.isPending}
      slots={{ day: ReminderDay }}
      slotProps={{
        day: { counts, label: (count: number) => t('reminders.calendarCount', { count }) } as Partial<PickerDayProps>,
      }}
      aria-label={t('reminders.calendarLabel')}
    />
  );
}
