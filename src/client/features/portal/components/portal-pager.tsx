import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hasNextPage } from '#client/features/portal/components/paging';

/** No colour fade between enabled and disabled: the state is never shown half-way (contrast). */
const NO_FADE = { transition: 'none' } as const;

interface Props {
  page: number;
  itemsOnPage: number;
  pageSize: number;
  onChange: (page: number) => void;
  label: string;
}

/** Previous / "Page {n}" / Next; Next only after a full page (SPEC.md §5). */
export function PortalPager({ page, itemsOnPage, pageSize, onChange, label }: Props) {
  const { t } = useTranslation('portal');
  return (
    <Stack component="nav" aria-label={label} direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 2 }}>
      <Button variant="outlined" disabled={page <= 1} onClick={() => onChange(page - 1)} sx={NO_FADE}>
        {t('pager.previous')}
      </Button>
      <Typography aria-current="page">{t('pager.page', { n: page })}</Typography>
      <Button variant="outlined" disabled={!hasNextPage(itemsOnPage, pageSize)} onClick={() => onChange(page + 1)} sx={NO_FADE}>
        {t('pager.next')}
      </Button>
    </Stack>
  );
}
