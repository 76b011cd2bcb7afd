import type { Localization } from '@mui/material/locale';
import type { GridLocaleText } from '@mui/x-data-grid';
import type { PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import type dayjs from 'dayjs';

type DayjsLocale = Exclude<Parameters<typeof dayjs.locale>[0], string | undefined>;

/**
 * One language's MUI and MUI X locale packs and its dayjs locale (docs/decisions/0106). Each
 * language's pack is a module of its own, loaded when the portal opens in that language. Where MUI X
 * ships no pack for a language (the grid in Hindi, the date pickers in Arabic and Hindi) the pack
 * says so, and the portal's own strings (locales/<lang>/portal.json "grid", "pickers") fill it.
 */
export interface LocalePack {
  material: Localization | null;
  grid: Partial<GridLocaleText> | null;
  pickers: PickersInputLocaleText | null;
  /** the dayjs locale, registered under the app's language code */
  dayjs: DayjsLocale | null;
}

export function gridText(pack: {
  components: { MuiDataGrid: { defaultProps: { localeText: Partial<GridLocaleText> } } };
}): Partial<GridLocaleText> {
  return pack.components.MuiDataGrid.defaultProps.localeText;
}

export function pickersText(pack: {
  components: { MuiLocalizationProvider: { defaultProps: { localeText: PickersInputLocaleText } } };
}): PickersInputLocaleText {
  return pack.components.MuiLocalizationProvider.defaultProps.localeText;
}
