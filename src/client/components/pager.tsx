import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isNextDisabled, isPreviousDisabled, pageWindow } from '#client/components/paging';

interface PagerBaseProps {
  /** 1-based current page */
  page: number;
  /** items the current page returned: Next is disabled when it is 0 (SPEC.md §5) */
  itemsOnPage: number;
  onPageChange: (page: number) => void;
  /** while a page loads, every button is disabled */
  disabled?: boolean;
}

const navSx = { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: 1, my: 3 } as const;

/** Previous / Next only (adoption and lost pets). */
export function PrevNextPager({ page, itemsOnPage, onPageChange, disabled = false }: PagerBaseProps) {
  const { t, i18n } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box component="nav" aria-label={t('pager.label')} sx={navSx}>
      <Button variant="outlined" disabled={disabled || isPreviousDisabled(page)} onClick={() => onPageChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      <Box component="span" aria-live="polite" sx={{ px: 1.5, color: 'text.secondary', fontWeight: 600 }}>
        {t('pager.page', { page: number.format(page) })}
      </Box>
      <Button variant="outlined" disabled={disabled || isNextDisabled(itemsOnPage)} onClick={() => onPageChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </Box>
  );
}

interface NumberedPagerProps extends PagerBaseProps {
  /** ceil(totalCount / 4) */
  totalPages: number;
}

/** Previous / numbered pages (the current one disabled) / Next (provider listings). */
export function NumberedPager({ page, totalPages, itemsOnPage, onPageChange, disabled = false }: NumberedPagerProps) {
  const { t, i18n } = useTranslation('common');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box component="nav" aria-label={t('pager.label')} sx={navSx}>
      <Button variant="outlined" disabled={disabled || isPreviousDisabled(page)} onClick={() => onPageChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      {pageWindow(page, totalPages).map((p, i) =>
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
            aria-label={p === page ? t('pager.currentPage', { page: number.format(p) }) : t('pager.goToPage', { page: number.format(p) })}
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
      )}
      <Button variant="outlined" disabled={disabled || isNextDisabled(itemsOnPage)} onClick={() => onPageChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </Box>
  );
}
