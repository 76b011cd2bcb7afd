import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isNextDisabled, isPreviousDisabled, pageWindow } from '#client/components/lists/paging';
import { intlLocale } from '#shared/languages';
import { numberFormat } from '#client/components/format/intl-formats';

/** No colour fade between enabled and disabled: the state is never shown half-way (contrast). */
const NO_FADE = { transition: 'none' } as const;
const navSx = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: 1,
  my: 3,
} as const;

interface PagerProps {
  /** 1-based current page */
  page: number;
  /** items the current page returned: Next is disabled when it is 0 (SPEC.md §5) */
  itemsOnPage: number;
  onPageChange: (page: number) => void;
  /** Next only after a full page of this many items (the portal's lists, SPEC.md §5) */
  fullPage?: number;
  /**
   * numbered page buttons (the current one disabled) for this many pages, in place of "Page {n}"; Next is disabled on
   * the last
   */
  totalPages?: number;
  /**
   * the list's last page when its total is known, with "Page {n}" kept: Next is disabled there, even after a full
   * page (four reminders of four showed Next, to an empty page: issue 36)
   */
  lastPage?: number;
  /** the navigation's accessible name; "Pagination" by default */
  label?: string;
  /** while a page loads, every button is disabled */
  disabled?: boolean;
}

/** Previous / "Page {n}" or numbered pages / Next: the one pager of every list. */
export function Pager({
  page,
  itemsOnPage,
  onPageChange,
  fullPage,
  totalPages,
  lastPage,
  label,
  disabled = false,
}: PagerProps) {
  const knownLast = totalPages ?? lastPage;
  const { t, i18n } = useTranslation('common');
  const number = numberFormat(intlLocale(i18n.language));
  return (
    <Box component="nav" aria-label={label ?? t('pager.label')} sx={navSx}>
      {/* from a page past the end, Previous leads to the last page */}
      <Button
        variant="outlined"
        disabled={disabled || isPreviousDisabled(page)}
        onClick={() => onPageChange(totalPages && page > totalPages ? totalPages : page - 1)}
        sx={NO_FADE}
      >
        {t('pager.previous')}
      </Button>
      {totalPages === undefined ? (
        <Box
          component="span"
          aria-live="polite"
          aria-current="page"
          sx={{ px: 1.5, color: 'text.secondary', fontWeight: 600 }}
        >
          {t('pager.page', { page: number.format(page) })}
        </Box>
      ) : (
        pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <Box key={`gap-${i}`} component="span" aria-hidden sx={{ px: 0.5, color: 'text.secondary' }}>
              …
            </Box>
          ) : (
            <Button
              key={p}
              variant={p === page ? 'contained' : 'text'}
              disabled={disabled || p === page}
              aria-current={p === page ? 'page' : undefined}
              aria-label={
                p === page
                  ? t('pager.currentPage', { page: number.format(p) })
                  : t('pager.goToPage', { page: number.format(p) })
              }
              onClick={() => onPageChange(p)}
              sx={{
                minWidth: 40,
                px: 1,
                '&.Mui-disabled[aria-current="page"]': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              }}
            >
              {number.format(p)}
            </Button>
          ),
        )
      )}
      <Button
        variant="outlined"
        disabled={
          disabled ||
          isNextDisabled(itemsOnPage, fullPage, knownLast === undefined ? undefined : { page, totalPages: knownLast })
        }
        onClick={() => onPageChange(page + 1)}
        sx={NO_FADE}
      >
        {t('pager.next')}
      </Button>
    </Box>
  );
}
