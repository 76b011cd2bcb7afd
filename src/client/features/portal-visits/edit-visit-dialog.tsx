import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ANTIPARASITIC_CHOICES, VACCINATION_CHOICES } from '#shared/constants';
import type { VetVisitDetails } from '#shared/contract/vet';
import { VISIT_FORM_MAX, type NormalisedVisitPayload } from '#shared/forms/visit-payload';
import { usePortalState } from '#client/api/portal-session';
import { versionConflictOf, type ApiError } from '#client/api/client';
import { useSaveVisit, useVetVisitDetails } from '#client/api/portal-visits';
import { ISO_DAY } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { fieldErrorsResolver } from '#client/components/forms/form-resolver';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';
import { VisitPrintLinks } from '#client/components/portal/print-links';
import { EditNotices, VersionedEditDialog, type VersionedEdit } from '#client/components/portal/versioned-edit-dialog';
import { CanAccess } from '#client/components/portal/can-access';
import { ErrorLine } from '#client/components/states/error-line';
import { ConsultationRows } from '#client/features/portal-visits/consultation-rows';
import { PicturesSection } from '#client/features/portal-visits/pictures-section';
import { IdSelect } from '#client/features/portal-visits/id-select';
import { ReminderRows } from '#client/features/portal-visits/reminder-rows';
import { visitDraftText } from '#client/features/portal-visits/visit-draft';
import {
  checkVisitForm,
  formFieldOf,
  formFromDetails,
  newPictureFiles,
  type VisitFormState,
} from '#client/features/portal-visits/visit-form-state';

interface Props {
  visitId: number;
  selectedUserId: number | null;
  onClose: () => void;
}

type EditTab = 'general' | 'consultations' | 'pictures';

/** The tab that shows a field with an error (the visit date and vet stand above the tabs). */
function tabOfFirstError(errors: FieldErrors<VisitFormState>): EditTab | null {
  if (errors.visitDate || errors.vetUserId || errors.root) return null;
  if (errors.notes || errors.weightValue || errors.weightUnitId || errors.vaccinations || errors.antiparasitics)
    return 'general';
  if (errors.consultations) return 'consultations';
  return errors.pictures ? 'pictures' : null;
}

/** Edit Vet Visit (SPEC.md §2, §4): loads the visit, edits locally, Submit saves everything at once. */
export default function EditVisitDialog({ visitId, selectedUserId, onClose }: Props) {
  const { t } = useTranslation('portal');
  const details = useVetVisitDetails(visitId);
  const petName = details.data?.petProfile[0]?.petName;
  return (
    <VersionedEditDialog
      titleId="edit-visit-title"
      subject="visit"
      title={`${t('editVisit.title')}${petName ? ` – ${petName}` : ''}`}
      maxWidth="lg"
      onClose={onClose}
      record={details}
      loadError={t('editVisit.loadFailed')}
      version={details.data?.visit.Version}
    >
      {(edit) =>
        details.data && (
          <EditVisitForm details={details.data} selectedUserId={selectedUserId} onClose={onClose} edit={edit} />
        )
      }
    </VersionedEditDialog>
  );
}

interface FormProps {
  details: VetVisitDetails;
  selectedUserId: number | null;
  onClose: () => void;
  edit: VersionedEdit;
}

function EditVisitForm({ details, selectedUserId, onClose, edit }: FormProps) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const { session } = usePortalState();
  const users = session?.users ?? [];
  const units = details.petWellnessRecords.weight.unitOfMeasures;
  const unitTitle = (id: number | null) => units.find((u) => u.id === id)?.title ?? '';
  // The payload is built from the form and checked by the shared SaveVetVisit schema, as the server does; each
  // broken rule shows under its field.
  const [resolver] = useState(() =>
    fieldErrorsResolver(
      (values: VisitFormState) => checkVisitForm(values, unitTitle(values.weightUnitId)),
      formFieldOf,
    ),
  );
  const form = useForm<VisitFormState, unknown, NormalisedVisitPayload>({
    resolver,
    defaultValues: formFromDetails(details, selectedUserId),
  });
  const { control, register, handleSubmit, getValues, formState } = form;
  const { errors } = formState;
  const visitDate = useWatch({ control, name: 'visitDate' });
  const [tab, setTab] = useState<EditTab>('general');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const save = useSaveVisit();
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const problem = message(errors.root?.message) ?? saveError;
  const { checkUnsaved } = edit;
  useEffect(() => checkUnsaved(() => form.formState.isDirty), [checkUnsaved, form]);

  const submit = handleSubmit(
    (payload) => {
      setSaveError('');
      const files = newPictureFiles(getValues()).map((p, i) => ({
        file: p.file as File,
        name: p.file?.name || `picture-${i + 1}.jpg`,
      }));
      save.mutate(
        { payload, files },
        {
          onSuccess: onClose,
          onError: (err) => {
            const refused = versionConflictOf(err);
            if (refused) setConflict(refused);
            else setSaveError(t('editVisit.saveFailed'));
          },
        },
      );
    },
    (invalid) => {
      setSaveError('');
      const showing = tabOfFirstError(invalid);
      if (showing) setTab(showing);
    },
  );

  return (
    <FormProvider {...form}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <EditNotices
            edit={edit}
            conflict={conflict}
            subject="visit"
            draftText={() =>
              visitDraftText(
                t,
                getValues(),
                {
                  unit: (id) => titles.unit(id, unitTitle(id)),
                  user: (id) => users.find((u) => u.ID === id)?.Name ?? '',
                },
                i18n.language,
              )
            }
          />
          {problem && <ErrorLine plain message={problem} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="visitDate"
              render={({ field, fieldState }) => (
                <DatePicker
                  label={t('editVisit.visitDate')}
                  inputRef={field.ref}
                  value={field.value ? dayjs(field.value) : null}
                  onChange={(d) => field.onChange(d && d.isValid() ? d.format(ISO_DAY) : '')}
                  slotProps={{
                    textField: { error: fieldState.invalid, helperText: message(fieldState.error?.message) },
                  }}
                />
              )}
            />
            <IdSelect
              name="vetUserId"
              label={t('editVisit.vetUser')}
              options={users.map((u) => ({ id: u.ID, title: u.Name }))}
            />
          </Stack>
          <Tabs
            value={tab}
            onChange={(_e, v: EditTab) => setTab(v)}
            aria-label={t('editVisit.sections')}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            <Tab value="general" label={t('editVisit.general')} id="edit-tab-general" aria-controls="edit-panel" />
            <Tab
              value="consultations"
              label={t('editVisit.consultations')}
              id="edit-tab-consultations"
              aria-controls="edit-panel"
            />
            <Tab value="pictures" label={t('editVisit.pictures')} id="edit-tab-pictures" aria-controls="edit-panel" />
          </Tabs>
          <Box id="edit-panel" role="tabpanel" aria-labelledby={`edit-tab-${tab}`}>
            {tab === 'general' && (
              <Stack spacing={3}>
                <TextField
                  label={t('editVisit.notes')}
                  multiline
                  minRows={3}
                  {...register('notes')}
                  error={!!errors.notes}
                  helperText={message(errors.notes?.message)}
                  slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.notes, ...USER_TEXT_INPUT } }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    label={t('editVisit.weight')}
                    {...register('weightValue')}
                    error={!!errors.weightValue}
                    helperText={message(errors.weightValue?.message)}
                    slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
                    sx={{ maxWidth: 200 }}
                  />
                  <IdSelect
                    name="weightUnitId"
                    label={t('editVisit.unit')}
                    options={units.map((u) => ({ id: u.id, title: titles.unit(u.id, u.title) }))}
                    sx={{ maxWidth: 140 }}
                  />
                </Stack>
                <ReminderRows kind="vaccinations" choices={VACCINATION_CHOICES} pet={details.petProfile[0]} />
                <ReminderRows kind="antiparasitics" choices={ANTIPARASITIC_CHOICES} pet={details.petProfile[0]} />
              </Stack>
            )}
            {tab === 'consultations' && <ConsultationRows />}
            {tab === 'pictures' && (
              <PicturesSection
                // the pictures changed since the save failed (a refused file removed or replaced): its message is stale
                onChange={() => setSaveError('')}
              />
            )}
          </Box>
          <Controller
            control={control}
            name="isFinished"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    slotProps={{ input: { ref: field.ref } }}
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label={t('editVisit.completed')}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <VisitPrintLinks
          vetVisitId={details.visit.ID}
          petProfileId={details.visit.PetProfileID}
          unsaved={formState.isDirty}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={edit.requestClose}>{t('cancel')}</Button>
        {/* reception reads a visit; saving its clinical content is for nurses, vets and admins (issue 31) */}
        <CanAccess action="saveVisitRecords">
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={save.isPending || !visitDate || conflict !== null}
          >
            {t('editVisit.submit')}
          </Button>
        </CanAccess>
      </DialogActions>
    </FormProvider>
  );
}
