import { Button, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import type { VetClinic } from '#shared/contract/vet';
import { clinicContactSchema, type ClinicContactValues } from '#shared/forms/clinic-contact-form';
import { useSaveClinicContact } from '#client/api/portal-clinic';
import { ErrorLine } from '#client/components/states/error-line';

/**
 * The clinic's contact settings (issue 33; admins, as the server enforces): the phone and e-mail its e-mails to
 * owners give (the e-mail is their Reply-To). Saved with the version it was read at: a newer save answers 409.
 */
export function ClinicContactForm({ clinic, onSaved }: { clinic: VetClinic; onSaved: () => void }) {
  const { t } = useTranslation(['staff', 'portal']);
  const save = useSaveClinicContact();
  const { register, handleSubmit, formState } = useForm<ClinicContactValues>({
    resolver: yupResolver(clinicContactSchema),
    values: { phone: clinic.phone, email: clinic.email, version: clinic.contactVersion },
  });
  const { errors } = formState;
  const message = (key: string | undefined) => (key ? t(key) : t('staff:clinicContact.emailHelp'));
  const submit = handleSubmit((values) => save.mutate(values, { onSuccess: onSaved }));
  return (
    <Stack
      component="form"
      noValidate
      aria-labelledby="clinic-contact-heading"
      onSubmit={(e) => void submit(e)}
      spacing={1}
      sx={{ mb: 3, maxWidth: 560 }}
    >
      <Typography id="clinic-contact-heading" component="h2" variant="h3">
        {t('staff:clinicContact.heading')}
      </Typography>
      {save.isError && <ErrorLine plain message={save.error.message} />}
      <TextField
        label={t('staff:clinicContact.phone')}
        type="tel"
        {...register('phone')}
        error={!!errors.phone}
        helperText={errors.phone?.message ? t(errors.phone.message) : ' '}
        slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr' } }}
      />
      <TextField
        label={t('staff:clinicContact.email')}
        type="email"
        {...register('email')}
        error={!!errors.email}
        helperText={message(errors.email?.message)}
        slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr' } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('staff:clinicContact.save')}
        </Button>
      </div>
    </Stack>
  );
}
