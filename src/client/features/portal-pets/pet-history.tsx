import { useMemo, useState } from 'react';
import { Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '#shared/constants';
import { useVetPetHistory } from '#client/api/portal-pets';
import { useBreeds } from '#client/api/public-general';
import { useDataTitles } from '#client/components/format/data-titles';
import { useQuantity } from '#client/components/format/quantity';
import { usePortalState } from '#client/api/portal-session';
import { formatDateTime } from '#client/components/format/dates';
import { ErrorLine } from '#client/components/states/error-line';
import { Pager } from '#client/components/lists/pager';
import { showHistoryPager } from '#client/components/lists/paging';
import { historyText } from '#client/features/portal-pets/history-text';

/**
 * The History tab of the Pet Profile dialog (issue 20): who changed what and when at this clinic, newest first, paged.
 */
export function PetHistory({ petProfileId, petTypeId }: { petProfileId: number; petTypeId: number }) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const petTypes = usePortalState().session?.pettypes;
  const breeds = useBreeds(petTypeId).data;
  const quantity = useQuantity();
  const [page, setPage] = useState(1);
  const history = useVetPetHistory(petProfileId, page, true);
  const units = history.data?.units;
  // History keeps the titles as they were stored (English); they are shown in the reader's language by their row's id.
  const formatters = useMemo(
    () => ({
      language: i18n.language,
      petType: (title: string) => titles.petType(petTypes?.find((p) => p.Title === title)?.ID, title),
      breed: (title: string) => titles.breed(breeds?.find((b) => b.title === title)?.id, title),
      weight: (text: string) => {
        // Stored as "<value> <unit title>" with the unit as the server names it (GetVetPetHistory's units).
        const unit = units?.find((u) => text.endsWith(` ${u.title}`));
        return unit ? quantity(text.slice(0, -unit.title.length - 1), unit.id, unit.title) : quantity(text, null, '');
      },
      choice: (entity: 'vaccination' | 'antiparasitic', value: string) =>
        entity === 'vaccination' ? titles.vaccination(value) : titles.antiparasitic(value),
    }),
    [i18n.language, titles, petTypes, breeds, units, quantity],
  );
  if (history.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (history.isError) return <ErrorLine plain message={t('profile.loadFailed')} />;
  const { entries, count } = history.data;
  if (entries.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Box>
      <List dense aria-label={t('history.title')} sx={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
        {entries.map((entry, i) => {
          const text = historyText(t, entry, formatters);
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
                      <Box
                        component="span"
                        key={d}
                        sx={{ display: 'block', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
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
      {showHistoryPager(count, PAGE_SIZE) && (
        <Pager
          page={page}
          itemsOnPage={entries.length}
          fullPage={PAGE_SIZE}
          onPageChange={setPage}
          label={t('history.pagerLabel')}
        />
      )}
    </Box>
  );
}
