import type { ReactNode } from 'react';
import 'dayjs/locale/es';
import 'dayjs/locale/ar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
import { useLanguage } from '#client/components/language';

/** Date pickers of the portal in the visitor's language (dayjs locales en, es, ar). */
export function PortalDates({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const localeText = lang === 'es' ? esES.components.MuiLocalizationProvider.defaultProps.localeText : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
