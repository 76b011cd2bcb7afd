import { useState, type ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { VisitRequest, VisitRequestsResult } from '#shared/contract/visit-requests';
import { useVisitRequests } from '#client/api/portal-visits';
import { PagedCardList } from '#client/components/lists/card-list';
import { useFocusAfterCardLeaves } from '#client/components/lists/use-focus-after-card-leaves';
import { formatLongDate } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { VisitRequestAnswerDialog } from '#client/features/portal-visits/visit-request-answer-dialog';
import { VisitRequestCard, type VisitRequestAnswer } from '#client/features/portal-visits/visit-request-card';

/** Whether the Visits tab shows its "Requested" filter, the count it shows, and the requests' screen. */
export interface RequestedVisits {
  on: boolean;
  count: number;
  /** the filter swapped the screen (its new filter takes the focus) */
  swapped: boolean;
  choose: (on: boolean) => void;
  /** the requests under the tab's status filter (both layouts draw the filter their way) */
  view: (filter: ReactNode) => ReactNode;
}

/**
 * The "Requested" filter's state, above both layouts of the Visits tab (a window crossing 1024 px keeps it); its
 * count is asked whichever filter is chosen.
 */
export function useRequestedVisits(): RequestedVisits {
  const [on, setOn] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const [page, setPage] = useState(1);
  const requests = useVisitRequests({ state: 'requested', page: on ? page : 1 });
  return {
    on,
    count: requests.data?.requestedCount ?? 0,
    swapped,
    choose: (next) => {
      if (next !== on) setSwapped(true);
      setOn(next);
      setPage(1);
    },
    view: (filter) => <VisitRequestsView filter={filter} requests={requests} page={page} onPageChange={setPage} />,
  };
}

/**
 * The Visits tab's "Requested" filter (issue 33, item 5): the owners' visit requests waiting for an answer, oldest
 * first, four a page, each accepted (the visit is made) or declined here. The same on phones and at a desk.
 */
function VisitRequestsView({
  filter,
  requests,
  page,
  onPageChange,
}: {
  /** the Visits tab's status filter, "Requested" chosen */
  filter: ReactNode;
  requests: {
    data?: VisitRequestsResult;
    isPending: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    error: Error | null;
  };
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const [answering, setAnswering] = useState<{ request: VisitRequest; answer: VisitRequestAnswer } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = requests.data?.requests ?? [];
  // an answered request leaves the list with the dialog's Accept or Decline: the focus goes to the card in its place
  const { container, actedOn } = useFocusAfterCardLeaves(list, answering === null && !requests.isFetching);
  return (
    <Box>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {t('visits.heading')}
      </Typography>
      <Box sx={{ mb: 2 }}>{filter}</Box>
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('visits.requests.heading')}
      </Typography>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {requests.error && <ErrorLine plain message={requests.error.message} sx={{ mb: 2 }} />}
      <Box ref={container} tabIndex={-1} sx={{ outline: 'none' }}>
        <PagedCardList
          pending={requests.isPending}
          itemCount={list.length}
          total={requests.data?.count}
          emptyMessage={t('visits.requests.empty')}
          skeletonHeight={240}
          label={t('visits.requests.listLabel')}
          dimmed={requests.isPlaceholderData}
          page={page}
          onPageChange={onPageChange}
          pagerLabel={t('visits.requests.pagerLabel')}
        >
          {list.map((r) => (
            <VisitRequestCard
              key={r.id}
              request={r}
              onAnswer={(request, answer) => {
                actedOn(request.id);
                setNotice(null);
                setAnswering({ request, answer });
              }}
            />
          ))}
        </PagedCardList>
      </Box>
      {answering && (
        <VisitRequestAnswerDialog
          request={answering.request}
          answer={answering.answer}
          onClose={() => setAnswering(null)}
          onAnswered={(visitDate) => {
            setAnswering(null);
            setNotice(
              visitDate === null
                ? t('visits.requests.declinedDone')
                : t('visits.requests.accepted', { date: formatLongDate(visitDate, i18n.language) }),
            );
          }}
        />
      )}
    </Box>
  );
}
