import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { VISIT_FILTER } from '#shared/constants';
import type { VisitFilter } from '#client/api/portal-visits';
import { ChoiceToggle } from '#client/components/forms/choice-toggle';
import { StatusDot } from '#client/features/portal-visits/visit-card';

/** What the Visits tab lists: the visits of one status, or the owners' visit requests waiting for an answer. */
export type VisitListChoice = VisitFilter | 'requested';

/**
 * SPEC.md's visit status filter (All, Active, Completed) and, beside them, issue 33's "Requested" with the count of
 * requests waiting: the same on phone cards and in the desk's grid.
 */
export function VisitStatusFilter({
  value,
  onChange,
  requestedCount,
  focusChosen,
}: {
  value: VisitListChoice;
  onChange: (value: VisitListChoice) => void;
  requestedCount: number;
  /** "Requested" swaps the tab's screen (and back): the new screen's filter keeps the keyboard's place */
  focusChosen: boolean;
}) {
  const { t } = useTranslation('portal');
  return (
    <ChoiceToggle<VisitListChoice>
      value={value}
      label={t('visits.filter.label')}
      onChange={onChange}
      focusChosen={focusChosen}
      choices={[
        { value: VISIT_FILTER.all, label: t('visits.filter.all') },
        {
          value: VISIT_FILTER.active,
          sx: { gap: 1 },
          label: (
            <>
              <StatusDot finished={false} />
              {t('visits.filter.active')}
            </>
          ),
        },
        {
          value: VISIT_FILTER.completed,
          sx: { gap: 1 },
          label: (
            <>
              <StatusDot finished />
              {t('visits.filter.completed')}
            </>
          ),
        },
        {
          value: 'requested',
          sx: { gap: 1.5 },
          label: (
            <>
              {t('visits.filter.requested')}{' '}
              <Box
                component="span"
                sx={{
                  minWidth: 22,
                  px: 0.75,
                  borderRadius: 11,
                  typography: 'caption',
                  fontWeight: 700,
                  lineHeight: '22px',
                  bgcolor: requestedCount > 0 ? 'secondary.main' : 'action.selected',
                  color: requestedCount > 0 ? 'secondary.contrastText' : 'text.primary',
                }}
              >
                {requestedCount}
              </Box>
            </>
          ),
        },
      ]}
    />
  );
}
