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

/** A language's packs as MUI, MUI X and dayjs ship them; a part MUI X lacks for the language is left out. */
interface ShippedPacks {
  material?: Localization;
  grid?: { components: { MuiDataGrid: { defaultProps: { localeText: Partial<GridLocaleText> } } } };
  pickers?: { components: { MuiLocalizationProvider: { defaultProps: { localeText: PickersInputLocaleText } } } };
  dayjs?: DayjsLocale;
}

/** The pack of a language from what MUI, MUI X and dayjs ship for it. */
export function localePack({ material, grid, pickers, dayjs }: ShippedPacks): LocalePack {
  return {
    material: material ?? null,
    grid: grid?.components.MuiDataGrid.defaultProps.localeText ?? null,
    pickers: pickers?.components.MuiLocalizationProvider.defaultProps.localeText ?? null,
    dayjs: dayjs ?? null,
  };
}
