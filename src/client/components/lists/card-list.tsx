import type { ReactNode } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import { PAGE_SIZE } from '#shared/constants';
import { Pager } from '#client/components/lists/pager';
import { totalPages } from '#client/components/lists/paging';
import { PullToRefreshArea } from '#client/components/lists/pull-to-refresh-area';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

interface CardListProps {
  pending: boolean;
  itemCount: number;
  emptyMessage: string;
  /** height of each skeleton card while the first page loads */
  skeletonHeight: number;
  /** names the list as a section */
  label?: string;
  /** while another page loads, the current one is dimmed */
  dimmed?: boolean;
  children: ReactNode;
}

/**
 * The portal's card lists (visits, reminders): skeleton cards while loading, the empty line, or the cards two by two.
 */
function CardList({
  pending,
  itemCount,
  emptyMessage,
  skeletonHeight,
  label,
  dimmed = false,
  children,
}: CardListProps) {
  if (pending) {
    return (
      <Box sx={grid} aria-busy="true">
        {Array.from({ length: PAGE_SIZE }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={skeletonHeight} />
        ))}
      </Box>
    );
  }
  if (itemCount === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyMessage}
      </Typography>
    );
  }
  return (
    <Box component={label ? 'section' : 'div'} aria-label={label} sx={{ ...grid, opacity: dimmed ? 0.6 : 1 }}>
      {children}
    </Box>
  );
}

/**
 * A portal card list with SPEC.md's pages of 4 under it and, where given `onRefresh`, pull-to-refresh around the
 * cards (SPEC.md §4).
 */
export function PagedCardList({
  page,
  onPageChange,
  pagerLabel,
  onRefresh,
  total,
  ...list
}: CardListProps & {
  page: number;
  onPageChange: (page: number) => void;
  pagerLabel: string;
  onRefresh?: () => void;
  /** the list's total, when the server says it: Next stops at the last page */
  total?: number;
}) {
  const cards = <CardList {...list} />;
  return (
    <>
      {onRefresh ? <PullToRefreshArea onRefresh={onRefresh}>{cards}</PullToRefreshArea> : cards}
      <Pager
        page={page}
        itemsOnPage={list.itemCount}
        fullPage={PAGE_SIZE}
        lastPage={total === undefined ? undefined : totalPages(total)}
        onPageChange={onPageChange}
        label={pagerLabel}
      />
    </>
  );
}
