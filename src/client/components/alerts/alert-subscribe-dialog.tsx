import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormLabel,
  Slider,
  Stack,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API } from '#shared/contract/paths';
import { ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MIN_KM } from '#shared/found-pets';
import { alertSubscriptionForm, type AlertSubscriptionValues } from '#shared/forms/lost-found-forms';
import { parsePayload } from '#shared/forms/payload-form';
import { apiPostJson } from '#client/api/client';
import { usePetTypes } from '#client/api/public-general';
import { useDataTitles } from '#client/components/format/data-titles';
import { PlaceField, type Place } from '#client/components/map/place-field';
import { EmailField } from '#client/components/forms/email-field';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';

const DEFAULT_RADIUS_KM = 5;

/**
 * Lost-pet alerts for neighbours (SubscribeLostPetAlerts, issue 34 item 5): an e-mail address, a place (a tap on the
 * map or where I am), how far around it (1 to 25 km) and which kinds of pet. A link e-mailed to the address starts a
 * daily digest of the pets reported lost and found inside the circle (confirmed on /alerts/confirm).
 */
export default function AlertSubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('found');
  const titles = useDataTitles();
  const types = usePetTypes();
  const [email, setEmail] = useState('');
  const [place, setPlace] = useState<Place | null>(null);
  const [radiusKm, setRadiusKm] = useState(DEFAULT_RADIUS_KM);
  const [petTypeIds, setPetTypeIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: (values: AlertSubscriptionValues) => apiPostJson(API.subscribeLostPetAlerts, values),
  });

  const submit = async () => {
    setProblem(null);
    // the place first: the map is the form's first field, so its message comes before the others'
    if (!place) return setProblem(t('validation.alertPlaceRequired'));
    try {
      const values = await parsePayload(alertSubscriptionForm, {
        email,
        latitude: place?.latitude,
        longitude: place?.longitude,
        radiusKm,
        petTypeIds,
      });
      subscribe.mutate(values);
    } catch (error) {
      setProblem(t(errorMessage(error)));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="alert-subscribe-title">
      <DialogTitle id="alert-subscribe-title">{t('alerts.title')}</DialogTitle>
      {subscribe.isSuccess ? (
        <DialogContent>
          <Alert severity="success" role="status">
            {t('alerts.sent')}
          </Alert>
        </DialogContent>
      ) : (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('alerts.intro')}</DialogContentText>
          <Stack
            component="form"
            id="alert-subscribe-form"
            noValidate
            spacing={2.5}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <PlaceField
              strings="alerts"
              place={place}
              onPlace={setPlace}
              onNoPosition={() => setProblem(t('alerts.noPosition'))}
              mapHeight={220}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend" id="alert-radius-label">
                {t('alerts.radius', { km: radiusKm })}
              </FormLabel>
              <Box sx={{ px: 1.5 }}>
                <Slider
                  value={radiusKm}
                  min={ALERT_RADIUS_MIN_KM}
                  max={ALERT_RADIUS_MAX_KM}
                  step={1}
                  marks={[ALERT_RADIUS_MIN_KM, 5, 10, 15, 20, ALERT_RADIUS_MAX_KM].map((value) => ({
                    value,
                    label: String(value),
                  }))}
                  onChange={(_e, value) => setRadiusKm(value as number)}
                  getAriaValueText={(value) => t('alerts.radiusValue', { km: value })}
                  slotProps={{ input: { 'aria-labelledby': 'alert-radius-label' } }}
                />
              </Box>
            </FormControl>
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('alerts.petTypes')}</FormLabel>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
                {(types.data ?? []).map((type) => {
                  const on = petTypeIds.includes(type.id);
                  return (
                    <Chip
                      key={type.id}
                      label={titles.petType(type.id, type.title)}
                      color={on ? 'primary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      aria-pressed={on}
                      onClick={() =>
                        setPetTypeIds(on ? petTypeIds.filter((id) => id !== type.id) : [...petTypeIds, type.id])
                      }
                    />
                  );
                })}
              </Stack>
            </FormControl>
            <EmailField
              label={t('contact.email')}
              value={email}
              onChange={setEmail}
              helperText={t('alerts.emailHelp')}
            />
            {problem && <ErrorLine plain message={problem} />}
            {subscribe.error && <ErrorLine plain message={errorMessage(subscribe.error)} />}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{subscribe.isSuccess ? t('contact.done') : t('contact.cancel')}</Button>
        {!subscribe.isSuccess && (
          <Button type="submit" form="alert-subscribe-form" variant="contained" loading={subscribe.isPending}>
            {t('alerts.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
