import type { ReactNode } from 'react';
import { Box, Button, GlobalStyles, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '#shared/page-routes';
import { LanguageSwitcher } from '#client/components/i18n/language-switcher';
import { useDocumentTitle } from '#client/components/page/document-title';
import { choosePaper, PAGE_MARGIN_MM, PAPER_CHOICES, PAPERS, usePaper } from '#client/features/portal-print/paper';

/** Prints once the fonts and every picture of the sheet have loaded (a picture still loading prints blank). */
async function printWhenReady(): Promise<void> {
  await document.fonts?.ready;
  const pending = Array.from(document.images).filter((image) => !image.complete);
  await Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  window.print();
}

/**
 * The frame of a printout: on screen a toolbar (back to the dashboard, paper, language, Print)
 * over a sheet the size of the chosen paper; on paper only the sheet, with @page's size and margin
 * (docs/decisions/0115-clinic-printouts.md). Until the printout is there, `notice` (loading) shows in the sheet's
 * place, in the screen's colours; `failure` (not found, an error) too, and then the toolbar offers no paper and no
 * Print, as there is nothing to print (issue 36, item 10).
 */
export function PrintFrame({
  title,
  sheet,
  notice,
  failure,
  sheetLanguage,
}: {
  title: string;
  sheet?: ReactNode;
  notice?: ReactNode;
  failure?: ReactNode;
  /** the choice of the sheet's language (issue 32), beside the interface's */
  sheetLanguage?: ReactNode;
}) {
  const printable = sheet !== undefined;
  const failed = failure !== undefined;
  const { t } = useTranslation('portal');
  const paper = usePaper();
  const size = PAPERS[paper];
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: 'grey.200',
        color: 'text.primary',
        '@media print': { bgcolor: '#fff', minHeight: 0 },
      }}
    >
      <GlobalStyles
        styles={{
          '@page': { size: size.css, margin: `${PAGE_MARGIN_MM}mm` },
          '@media print': { 'html, body': { background: '#fff !important' } },
        }}
      />
      <Box
        component="header"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1, maxWidth: '232mm', mx: 'auto' }}
        >
          <Button
            component={RouterLink}
            to={paths.dashboard}
            startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
          >
            {t('print.backToDashboard')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {!failed && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={paper}
              onChange={(_e, next: (typeof PAPER_CHOICES)[number] | null) => next && choosePaper(next)}
              aria-label={t('print.paper')}
            >
              {PAPER_CHOICES.map((p) => (
                <ToggleButton key={p} value={p} sx={{ textTransform: 'none', px: 1.5 }}>
                  {t(`print.papers.${p}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {!failed && sheetLanguage}
          <LanguageSwitcher />
          {!failed && (
            <Button
              variant="contained"
              startIcon={<PrintIcon />}
              disabled={!printable}
              onClick={() => void printWhenReady()}
            >
              {t('print.print')}
            </Button>
          )}
        </Stack>
      </Box>
      <Box
        component="main"
        id="main"
        sx={{
          py: { xs: 1, sm: 3 },
          px: { xs: 1, sm: 2 },
          overflowX: 'auto',
          '@media print': { p: 0, overflow: 'visible' },
        }}
      >
        {!printable && (
          <Box sx={{ maxWidth: '210mm', mx: 'auto', bgcolor: 'background.paper', borderRadius: 2, p: 2 }}>
            {failure ?? notice}
          </Box>
        )}
        {printable && (
          <Box
            data-testid="print-sheet"
            data-paper={paper}
            sx={{
              bgcolor: '#fff',
              color: '#1a1a1a',
              mx: 'auto',
              width: `${size.widthMm}mm`,
              maxWidth: '100%',
              minHeight: { sm: `${size.heightMm}mm` },
              p: { xs: 2, sm: `${PAGE_MARGIN_MM}mm` },
              boxSizing: 'border-box',
              boxShadow: 3,
              fontSize: '10pt',
              lineHeight: 1.4,
              printColorAdjust: 'exact',
              WebkitPrintColorAdjust: 'exact',
              '@media print': { width: 'auto', maxWidth: 'none', minHeight: 0, p: 0, m: 0, boxShadow: 'none' },
            }}
          >
            {sheet}
          </Box>
        )}
      </Box>
    </Box>
  );
}
