import { Box, Button, FormControl, FormLabel, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useWhereIAm } from '#client/components/hooks/use-where-i-am';
import { MapView } from '#client/components/map/map-view';

export interface Place {
  latitude: number;
  longitude: number;
}

/** Where the map opens before a place is picked: Lisbon, the demo city. */
const START: Place = { latitude: 38.7223, longitude: -9.1393 };

interface PlaceFieldProps {
  /** the form's strings in namespace found: `<strings>.place`, `.placeChosen`, `.placeHelp`, `.mapLabel` */
  strings: 'report' | 'alerts';
  place: Place | null;
  onPlace: (place: Place) => void;
  /** the browser gave no position for "Use where I am" (no API, refused, timed out) */
  onNoPosition: () => void;
  mapHeight: number;
}

/** The place of a public form (a found report, lost-pet alerts): a tap on the map, or the visitor's position. */
export function PlaceField({ strings, place, onPlace, onNoPosition, mapHeight }: PlaceFieldProps) {
  const { t } = useTranslation('found');
  const whereIAm = useWhereIAm(onPlace, onNoPosition);
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t(`${strings}.place`)}</FormLabel>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {place ? t(`${strings}.placeChosen`) : t(`${strings}.placeHelp`)}
      </Typography>
      <MapView
        label={t(`${strings}.mapLabel`)}
        height={mapHeight}
        latitude={(place ?? START).latitude}
        longitude={(place ?? START).longitude}
        onPick={(latitude, longitude) => onPlace({ latitude, longitude })}
      />
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" onClick={whereIAm.locate} loading={whereIAm.locating}>
          {t('report.whereIAm')}
        </Button>
      </Box>
    </FormControl>
  );
}
