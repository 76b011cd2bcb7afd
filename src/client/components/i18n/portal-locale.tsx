import { use, useMemo, type ComponentProps, type ReactNode } from 'react';
import { useTheme, type Theme } from '@mui/material/styles';
import DefaultPropsProvider from '@mui/material/DefaultPropsProvider';
import type { GridLocaleText } from '@mui/x-data-grid';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { intlLocale, type LanguageCode } from '#shared/languages';
import { useLanguage } from '#client/components/i18n/language';
import type { LocalePack } from '#client/components/i18n/locale-packs/pack';

/** Each language's packs in a chunk of its own (docs/decisions/0106): a language loads only its own. */
const PACKS: Record<LanguageCode, () => Promise<{ default: LocalePack }>> = {
  en: () => import('#client/components/i18n/locale-packs/en'),
  es: () => import('#client/components/i18n/locale-packs/es'),
  ar: () => import('#client/components/i18n/locale-packs/ar'),
  fr: () => import('#client/components/i18n/locale-packs/fr'),
  de: () => import('#client/components/i18n/locale-packs/de'),
  pt: () => import('#client/components/i18n/locale-packs/pt'),
  it: () => import('#client/components/i18n/locale-packs/it'),
  tr: () => import('#client/components/i18n/locale-packs/tr'),
  zh: () => import('#client/components/i18n/locale-packs/zh'),
  hi: () => import('#client/components/i18n/locale-packs/hi'),
};

const loading = new Map<LanguageCode, Promise<LocalePack>>();
/** Packs already here: read without suspending (a resolved promise still suspends once in `use`). */
const loaded = new Map<LanguageCode, LocalePack>();

/** A language's packs, loaded once; its dayjs locale is registered under the app's language code. */
export function loadPack(language: LanguageCode): Promise<LocalePack> {
  let pack = loading.get(language);
  if (!pack) {
    pack = PACKS[language]().then(({ default: here }) => {
      if (here.dayjs) dayjs.locale({ ...here.dayjs, name: language }, undefined, true);
      loaded.set(language, here);
      return here;
    });
    loading.set(language, pack);
  }
  return pack;
}

/**
 * The grid's texts the portal shows, from the portal's strings: complete in every language, digits in the app's style.
 */
function ownGridText(t: TFunction<'portal'>, language: string): Partial<GridLocaleText> {
  const number = new Intl.NumberFormat(intlLocale(language));
  return {
    noRowsLabel: t('grid.noRows'),
    noResultsOverlayLabel: t('grid.noRows'),
    columnMenuLabel: t('grid.columnMenu'),
    columnMenuAriaLabel: (column: string) => t('grid.columnMenuOf', { column }),
    columnMenuSortAsc: t('grid.sortAsc'),
    columnMenuSortDesc: t('grid.sortDesc'),
    columnMenuUnsort: t('grid.unsort'),
    columnMenuHideColumn: t('grid.hideColumn'),
    columnMenuManageColumns: t('grid.manageColumns'),
    columnMenuShowColumns: t('grid.manageColumns'),
    columnHeaderSortIconLabel: t('grid.sort'),
    columnsManagementSearchTitle: t('grid.searchColumns'),
    columnsManagementNoColumns: t('grid.noColumns'),
    columnsManagementShowHideAllText: t('grid.showHideAll'),
    columnsManagementReset: t('grid.reset'),
    columnsManagementDeleteIconLabel: t('grid.clear'),
    actionsCellMore: t('grid.more'),
    toolbarDensity: t('grid.density'),
    toolbarDensityLabel: t('grid.density'),
    toolbarDensityCompact: t('grid.densityCompact'),
    toolbarDensityStandard: t('grid.densityStandard'),
    toolbarDensityComfortable: t('grid.densityComfortable'),
    paginationRowsPerPage: t('grid.rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) =>
      t('grid.displayedRows', {
        from: number.format(from),
        to: number.format(to),
        count: count === -1 ? t('grid.moreThan', { count: number.format(to) }) : number.format(count),
      }),
    paginationItemAriaLabel: (type) => t(`grid.goTo.${type}`),
  };
}

/** The date pickers' texts the portal shows, from the portal's strings (MUI X has no Arabic or Hindi pickers pack). */
function ownPickersText(t: TFunction<'portal'>): PickersInputLocaleText {
  return {
    previousMonth: t('pickers.previousMonth'),
    nextMonth: t('pickers.nextMonth'),
    openPreviousView: t('pickers.previousMonth'),
    openNextView: t('pickers.nextMonth'),
    calendarViewSwitchingButtonAriaLabel: (view) =>
      view === 'year' ? t('pickers.yearViewOpen') : t('pickers.calendarViewOpen'),
    cancelButtonLabel: t('pickers.cancel'),
    clearButtonLabel: t('pickers.clear'),
    okButtonLabel: t('pickers.ok'),
    todayButtonLabel: t('pickers.today'),
    datePickerToolbarTitle: t('pickers.selectDate'),
    openDatePickerDialogue: (formattedDate) =>
      formattedDate ? t('pickers.chooseDateSelected', { date: formattedDate }) : t('pickers.chooseDate'),
    fieldClearLabel: t('pickers.clear'),
    dateTableLabel: t('pickers.selectDate'),
    fieldYearPlaceholder: (params) => t('pickers.yearLetter').repeat(params.digitAmount),
    fieldMonthPlaceholder: (params) =>
      params.contentType === 'letter' ? t('pickers.monthName') : t('pickers.monthLetter').repeat(2),
    fieldDayPlaceholder: () => t('pickers.dayLetter').repeat(2),
    year: t('pickers.year'),
    month: t('pickers.month'),
    day: t('pickers.day'),
    empty: t('pickers.empty'),
  };
}

/** The language's packs: at once when they are here, else the component suspends until they are. */
function usePack(language: LanguageCode): LocalePack {
  return loaded.get(language) ?? use(loadPack(language));
}

/** The locale pack's default props beside the theme's own (the theme's own win where both set one). */
function mergeDefaultProps(own: Theme['components'], locale: Theme['components']): Theme['components'] {
  const merged: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(locale ?? {})) {
    const mine = (own as Record<string, { defaultProps?: object } | undefined> | undefined)?.[name];
    merged[name] = {
      ...mine,
      defaultProps: { ...(value as { defaultProps?: object }).defaultProps, ...mine?.defaultProps },
    };
  }
  return merged as Theme['components'];
}

/** The grid's texts in the portal's language: its MUI X pack, completed by the portal's own strings. */
export function useGridLocaleText(): Partial<GridLocaleText> {
  const language = useLanguage();
  const pack = usePack(language);
  const { t } = useTranslation('portal');
  return useMemo(() => ({ ...pack.grid, ...ownGridText(t, language) }), [pack, t, language]);
}

/**
 * The portal in the visitor's language: MUI's component texts, the date pickers (dayjs locale and
 * texts) and, through useGridLocaleText, the data grid. Suspends while the language's packs load.
 */
export function PortalLocale({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const pack = usePack(language);
  const { t } = useTranslation('portal');
  const localeText = useMemo(() => ({ ...pack.pickers, ...ownPickersText(t) }), [pack, t]);
  // MUI's component texts as default props, under the theme's own (no second theme: the app's stays as it is).
  // The provider reads the theme's `components` shape ({ MuiX: { defaultProps } }), whatever its type says.
  const theme = useTheme();
  const defaultProps = useMemo(
    () => ({ ...theme.components, ...mergeDefaultProps(theme.components, pack.material?.components) }),
    [theme.components, pack],
  );
  return (
    <DefaultPropsProvider value={defaultProps as ComponentProps<typeof DefaultPropsProvider>['value']}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={localeText}>
        {children}
      </LocalizationProvider>
    </DefaultPropsProvider>
  );
}
