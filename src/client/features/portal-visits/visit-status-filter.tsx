import { useTranslation } from 'react-i18next';
import { VISIT_FILTER } from '#shared/constants';
import type { VisitFilter } from '#client/api/portal-visits';
import { ChoiceToggle } from '#client/components/forms/choice-toggle';
import { StatusDot } from '#client/features/portal-visits/visit-card';

/** SPEC.md's visit status filter (All, Active, Completed), the same on phone cards and in the desk's grid. */
export function VisitStatusFilter({ value, onChange }: { value: VisitFilter; onChange: (value: VisitFilter) => void }) {
  const { t } = useTranslation('portal');
  return (
    <ChoiceToggle
      value={value}
      label={t('visits.filter.label')}
      onChange={onChange}
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
      ]}
    />
  );
}
