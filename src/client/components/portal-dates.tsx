import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/ar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

export function portalLanguage(language: string | undefined): 'en' | 'es' | 'ar' {
  const code = language?.split('-')[0];
  return code === 'es' || code === 'ar' ? code : 'en';
}

/** Date pickers of the portal in the visitor's language (dayjs locales en, es, ar). */
export function PortalDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = portalLanguage(i18n.resolvedLanguage ?? i18n.language);
  const localeText = lang === 'es' ? esES.components.MuiLocalizationProvider.defaultProps.localeText : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

/** A 'YYYY-MM-DD' day in long form for the language ("March 5, 2025"). */
export function longDate(iso: string | null | undefined, language: string | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso).locale(portalLanguage(language));
  return d.isValid() ? d.format('LL') : iso;
}
