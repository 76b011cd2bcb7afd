import { createContext, Suspense, use, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { directionOf, LANGUAGES, pickLanguage, type LanguageCode } from '#shared/languages';
import { useVetOwnerDetails } from '#client/api/portal-owners';
import { useDataTitles } from '#client/components/format/data-titles';
import { PrintLoading } from '#client/features/portal-print/state-notices';

/**
 * A printout's sheet is in the language of the owner who takes it home (issue 32, item 4); the toolbar around it stays
 * in the staff member's interface language.
 */
const SheetLanguageContext = createContext<LanguageCode | undefined>(undefined);

/** The query parameter of the staff member's choice (`?lang=` stays the interface's language). */
const PRINT_LANGUAGE_PARAM = 'printLanguage';

/** The sheet in `language`: its strings, data titles and dates, and its direction (Arabic right to left). */
export function SheetLanguage({ language, children }: { language: LanguageCode; children: ReactNode }) {
  return (
    <SheetLanguageContext value={language}>
      <Box lang={language} dir={directionOf(language)} data-testid="sheet-language">
        <Suspense fallback={<PrintLoading />}>{children}</Suspense>
      </Box>
    </SheetLanguageContext>
  );
}

/** What a sheet's parts write with: the sheet's language, or the interface's outside a SheetLanguage. */
export function useSheetTranslation() {
  const lng = use(SheetLanguageContext);
  const { t, i18n } = useTranslation(['portal', 'common'], { lng });
  const titles = useDataTitles(lng);
  return { t, titles, language: lng ?? i18n.language };
}

/**
 * The language a printout is in: the staff member's choice (?printLanguage=), else the owner's (their own, else the clinic's). `ready`
 * once it is known (an owner's record that cannot be read falls back to the interface's language).
 */
export function usePrintLanguage(ownerId: number | null | undefined, clinicLanguage: string | undefined) {
  const { i18n } = useTranslation();
  const owner = useVetOwnerDetails(ownerId ?? null);
  // in the address, so a printout opened again (or its link) keeps the language chosen
  const [params, setParams] = useSearchParams();
  const asked = params.get(PRINT_LANGUAGE_PARAM);
  const chosen = LANGUAGES.some((l) => l.code === asked) ? (asked as LanguageCode) : null;
  const choose = (language: LanguageCode) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PRINT_LANGUAGE_PARAM, language);
        return next;
      },
      { replace: true },
    );
  const ownerLanguage = ownerId == null || owner.isError ? clinicLanguage : (owner.data?.language ?? clinicLanguage);
  const known = clinicLanguage !== undefined && (ownerId == null || owner.isError || owner.data !== undefined);
  const language = chosen ?? pickLanguage([known ? ownerLanguage : undefined, i18n.language]);
  return { language, choose, ready: chosen !== null || known };
}

/** The toolbar's choice of the sheet's language. */
export function SheetLanguageSelect({
  value,
  onChange,
}: {
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
}) {
  const { t } = useTranslation('portal');
  return (
    <TextField
      select
      size="small"
      label={t('print.sheetLanguage')}
      value={value}
      onChange={(e) => onChange(e.target.value as LanguageCode)}
      sx={{ minWidth: 170 }}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l.code} value={l.code} lang={l.code}>
          {l.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
