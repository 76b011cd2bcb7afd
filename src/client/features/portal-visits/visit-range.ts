import type { RangePreset } from '#client/components/desk-grid/date-range';

/** The quick ranges of the Visits tab's dates, at a desk and on a phone. */
export const VISIT_RANGE_PRESETS: readonly RangePreset[] = ['today', 'thisWeek', 'next7', 'last30'];
