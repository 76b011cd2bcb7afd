import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '#client/components/lists/card-grid';
import { ListingFrame } from '#client/components/lists/listing-frame';
import { totalPages } from '#client/components/lists/paging';

/**
 * A paged listing of provider cards (the providers of each kind, the animal houses): their loading skeleton, the
 * empty message, pages counted from the listing's total, and the cards in a list named by the listing's title.
 */
export function ProviderListingFrame({
  query,
  page,
  onPageChange,
  itemCount,
  title,
  emptyMessage,
  before,
  children,
}: {
  query: ComponentProps<typeof ListingFrame>['query'] & { data?: { totalCount: number } };
  page: number;
  onPageChange: (page: number) => void;
  itemCount: number;
  title: string;
  emptyMessage: string;
  /** shown above the cards when there are any (the results map) */
  before?: ReactNode;
  /** the cards */
  children: ComponentProps<typeof CardGrid>['children'];
}) {
  const { t } = useTranslation('directory');
  return (
    <ListingFrame
      query={query}
      variant="provider"
      loadingLabel={t('loading')}
      itemCount={itemCount}
      emptyMessage={emptyMessage}
      pager={{ page, totalPages: totalPages(query.data?.totalCount ?? 0), onPageChange }}
      before={before}
    >
      <CardGrid variant="provider" label={title}>
        {children}
      </CardGrid>
    </ListingFrame>
  );
}
