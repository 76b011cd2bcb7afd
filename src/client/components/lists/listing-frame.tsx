import type { ComponentProps, ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CardGridSkeleton, type CardGridVariant } from '#client/components/lists/card-grid';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { Pager } from '#client/components/lists/pager';
import { pageBeforeTheEnd } from '#client/components/lists/paging';

/** What a listing's query says about itself (a TanStack Query result fits). */
interface ListingQueryState {
  error: unknown;
  isPending: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
}

interface ListingFrameProps {
  query: ListingQueryState;
  /** the skeleton cards shown while the first page loads */
  variant: CardGridVariant;
  loadingLabel: string;
  itemCount: number;
  emptyMessage: string;
  /** the pager under the cards; its buttons are disabled while the next page loads */
  pager: Omit<ComponentProps<typeof Pager>, 'disabled' | 'itemsOnPage'>;
  /** shown above the cards when there are items (the results map) */
  before?: ReactNode;
  /** the cards */
  children: ReactNode;
}

/**
 * The states of a paged card listing (SPEC.md §8): "Error: …" in place of the content, skeleton
 * cards while loading, then the cards or the empty message, and the pager. While another page
 * loads, the current one stays, dimmed and busy. An empty page past the end of a list (a link to
 * page 9 of 3) says there is nothing more and leads back, rather than "nothing here".
 */
export function ListingFrame({
  query,
  variant,
  loadingLabel,
  itemCount,
  emptyMessage,
  pager,
  before,
  children,
}: ListingFrameProps) {
  const { t, i18n } = useTranslation('common');
  if (query.error) return <ErrorLine message={errorMessage(query.error)} />;
  if (query.isPending) return <CardGridSkeleton variant={variant} label={loadingLabel} />;
  const busy = query.isPlaceholderData && query.isFetching;
  const backTo = itemCount === 0 ? pageBeforeTheEnd(pager.page, pager.totalPages) : null;
  const empty =
    backTo === null ? (
      <EmptyState message={emptyMessage} />
    ) : (
      <EmptyState
        message={t('pager.pastEnd')}
        action={
          <Button variant="contained" onClick={() => pager.onPageChange(backTo)}>
            {pager.totalPages === undefined
              ? t('pager.toFirstPage')
              : t('pager.toLastPage', { page: new Intl.NumberFormat(i18n.language).format(backTo) })}
          </Button>
        }
      />
    );
  return (
    <Box aria-busy={busy} sx={{ opacity: busy ? 0.55 : 1, transition: 'opacity 150ms' }}>
      {itemCount > 0 && before}
      {itemCount === 0 ? empty : children}
      <Pager {...pager} itemsOnPage={itemCount} disabled={busy} />
    </Box>
  );
}
