import ViewList from '@mui/icons-material/ViewList';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { useTranslation } from 'react-i18next';
import { ChoiceToggle } from '#client/components/forms/choice-toggle';
import type { ListingView } from '#shared/listing-query';

const choiceSx = { gap: 0.75, px: 2 } as const;

/** The List / Map switch of a listing's results. */
export function ListMapSwitch({ view, onChange }: { view: ListingView; onChange: (view: ListingView) => void }) {
  const { t } = useTranslation('directory');
  return (
    <ChoiceToggle
      value={view}
      onChange={onChange}
      label={t('view.label')}
      sx={{ alignSelf: 'start', minHeight: 40 }}
      choices={[
        {
          value: 'list',
          sx: choiceSx,
          label: (
            <>
              <ViewList fontSize="small" aria-hidden />
              {t('view.list')}
            </>
          ),
        },
        {
          value: 'map',
          sx: choiceSx,
          label: (
            <>
              <MapOutlined fontSize="small" aria-hidden />
              {t('view.map')}
            </>
          ),
        },
      ]}
    />
  );
}
