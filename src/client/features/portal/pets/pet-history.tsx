import { useState } from 'react';
import { Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '#shared/constants';
import { useVetPetHistory } from '#client/api/portal-pets';
import { usePetTypeTitle } from '#client/components/data-titles';
import { formatDateTime } from '#client/components/dates';
import { ErrorLine } from '#client/components/error-line';
import { Pager } from '#client/components/pager';
import { showHistoryPager } from '#client/components/paging';
import { historyText } from '#client/features/portal/pets/history-text';

/** The History tab of the Pet Profile dialog (issue 20): who changed what and when at this clinic, newest first, paged. */
export function PetHistory({ petProfileId }: { petProfileId: number }) {
  const { t, i18n } = useTranslation('portal');
  const petType = usePetTypeTitle();
  const [page, setPage] = useState(1);
  const history = useVetPetHistory(petProfileId, page, true);
  if (history.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (history.isError) return <ErrorLine plain message={t('profile.loadFailed')} />;
  const { entries, count } = history.data;
  if (entries.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Box>
      <List dense aria-label={t('history.title')} sx={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
        {entries.map((entry, i) => {
          const text = historyText(t, entry, { language: i18n.language, petType });
          return (
            <ListItem key={`${entry.at}-${i}`} divider alignItems="flex-start">
              <ListItemText
                primary={text.headline}
                secondary={
                  <>
                    <Box component="time" dateTime={entry.at} sx={{ display: 'block' }}>
                      {formatDateTime(entry.at, i18n.language)}
                    </Box>
                    {text.details.map((d) => (
                      <Box component="span" key={d} sx={{ display: 'block', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {d}
                      </Box>
                    ))}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
      {showHistoryPager(count, PAGE_SIZE) && <Pager page={page} itemsOnPage={entries.length} fullPage={PAGE_SIZE} onPageChange={setPage} label={t('history.pagerLabel')} />}
    </Box>
  );
}
