import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ANTIPARASITIC_CHOICES, MOBILE_BREAKPOINT_PX, VACCINATION_CHOICES } from '#shared/constants';
import type { VetVisitDetails } from '#shared/contract/vet';
import { saveVisitForm, VISIT_FORM_MAX, type NormalisedVisitPayload } from '#shared/forms/visit-payload';
import { parsePayload } from '#shared/forms/payload-form';
import { usePortalState } from '#client/api/portal-session';
import { versionConflictOf, type ApiError } from '#client/api/client';
import { ConflictNotice, UnsavedDraft } from '#client/components/portal/conflict-notice';
import { visitDraftText } from '#client/features/portal-visits/visit-draft';
import { useSaveVisit, useVetVisitDetails } from '#client/api/portal-visits';
import { ConsultationRows } from '#client/features/portal-visits/consultation-rows';
import { PicturesSection } from '#client/features/portal-visits/pictures-section';
import { ISO_DAY } from '#client/components/format/dates';
import { ReminderRows } from '#client/features/portal-visits/reminder-rows';
import {
  formFromDetails,
  newPictureFiles,
  payloadFromForm,
  type VisitFormState,
} from '#client/features/portal-visits/visit-form-state';
import { ErrorLine } from '#client/components/states/error-line';
import { VisitPrintLinks } from '#client/components/portal/print-links';
import { wholeFormResolver } from '#client/components/forms/form-resolver';
import { USER_TEXT_INPUT } from '#client/components/i18n/bidi';
import { useDataTitles } from '#client/components/format/data-titles';

interface Props {
  visitId: number;
  selectedUserId: number | null;
  onClose: () => void;
}

type EditTab = 'general' | 'consultations' | 'pictures';

/** Edit Vet Visit (SPEC.md §2, §4): loads the visit, edits locally, Submit saves everything at once. */
export default function EditVisitDialog({ visitId, selectedUserId, onClose }: Props) {
  const { t } = useTranslation('portal');
  const details = useVetVisitDetails(visitId);
  // What the user had typed when their save was refused (409) and they reloaded: shown to copy from.
  const [draft, setDraft] = useState<string | null>(null);
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="edit-visit-title">
      <DialogTitle id="edit-visit-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          {t('editVisit.title')}
          {details.data?.petProfile[0] && ` – ${details.data.petProfile[0].petName}`}
        </Box>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {details.isPending ? (
        <DialogContent dividers sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <CircularProgress aria-label={t('loading')} />
        </DialogContent>
      ) : details.isError ? (
        <DialogContent dividers>
          <ErrorLine plain message={t('editVisit.loadFailed')} />
        </DialogContent>
      ) : (
        <EditVisitForm
          // A reload after a refused save starts the form again from the visit as it is now.
          key={details.data.visit.Version}
          details={details.data}
          selectedUserId={selectedUserId}
          onClose={onClose}
          draft={draft}
          onDismissDraft={() => setDraft(null)}
          reloading={details.isFetching}
          onReload={(text) => {
            setDraft(text);
            void details.refetch();
          }}
        />
      )}
    </Dialog>
  );
}

interface FormProps {
  details: VetVisitDetails;
  selectedUserId: number | null;
  onClose: () => void;
  draft: string | null;
  onDismissDraft: () => void;
  reloading: boolean;
  onReload: (draft: string) => void;
}

function EditVisitForm({ details, selectedUserId, onClose, draft, onDismissDraft, reloading, onReload }: FormProps) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const { session } = usePortalState();
  const users = session?.users ?? [];
  const units = details.petWellnessRecords.weight.unitOfMeasures;
  // The payload is built from the form and checked by the shared SaveVetVisit schema, as the server does.
  const [resolver] = useState(() =>
    wholeFormResolver((values: VisitFormState) =>
      parsePayload(
        saveVisitForm,
        payloadFromForm(values, units.find((u) => u.id === values.weightUnitId)?.title ?? ''),
      ),
    ),
  );
  const { control, handleSubmit, setValue, formState } = useForm<VisitFormState, unknown, NormalisedVisitPayload>({
    resolver,
    defaultValues: formFromDetails(details, selectedUserId),
  });
  const form = useWatch({ control }) as VisitFormState;
  const [tab, setTab] = useState<EditTab>('general');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const save = useSaveVisit();
  const set = (patch: Partial<VisitFormState>) => {
    for (const [name, value] of Object.entries(patch))
      setValue(name as keyof VisitFormState, value as never, { shouldDirty: true });
  };
  const problem = formState.errors.root?.message;
  const error = problem ? t(problem) : saveError;

  const submit = handleSubmit(
    (payload) => {
      setSaveError('');
      const files = newPictureFiles(form).map((p, i) => ({
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
    () => {
      setSaveError('');
      setTab('general');
    },
  );

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          {draft && <UnsavedDraft text={draft} onDismiss={onDismissDraft} />}
          {conflict && (
            <ConflictNotice
              error={conflict}
              subject="visit"
              reloading={reloading}
              onReload={() =>
                onReload(
                  visitDraftText(
                    t,
                    form,
                    {
                      unit: (id) => titles.unit(id, units.find((u) => u.id === id)?.title ?? ''),
                      user: (id) => users.find((u) => u.ID === id)?.Name ?? '',
                    },
                    i18n.language,
                  ),
                )
              }
            />
          )}
          {error && <ErrorLine plain message={error} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DatePicker
              label={t('editVisit.visitDate')}
              value={form.visitDate ? dayjs(form.visitDate) : null}
              onChange={(d) => set({ visitDate: d && d.isValid() ? d.format(ISO_DAY) : '' })}
            />
            <TextField
              select
              label={t('editVisit.vetUser')}
              value={form.vetUserId ?? ''}
              onChange={(e) => set({ vetUserId: Number(e.target.value) || null })}
            >
              {users.map((u) => (
                <MenuItem key={u.ID} value={u.ID}>
                  {u.Name}
                </MenuItem>
              ))}
            </TextField>
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
                  value={form.notes}
                  multiline
                  minRows={3}
                  onChange={(e) => set({ notes: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.notes, ...USER_TEXT_INPUT } }}
                />
                <Stack direction="row" spacing={1}>
                  <TextField
                    label={t('editVisit.weight')}
                    value={form.weightValue}
                    onChange={(e) => set({ weightValue: e.target.value })}
                    slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
                    sx={{ maxWidth: 200 }}
                  />
                  <TextField
                    select
                    label={t('editVisit.unit')}
                    value={form.weightUnitId ?? ''}
                    onChange={(e) => set({ weightUnitId: Number(e.target.value) || null })}
                    sx={{ maxWidth: 140 }}
                  >
                    {units.map((u) => (
                      <MenuItem key={u.id} value={u.id}>
                        {titles.unit(u.id, u.title)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
                <ReminderRows
                  kind="vaccinations"
                  choices={VACCINATION_CHOICES}
                  rows={form.vaccinations}
                  visitDate={form.visitDate}
                  onChange={(vaccinations) => set({ vaccinations })}
                />
                <ReminderRows
                  kind="antiparasitics"
                  choices={ANTIPARASITIC_CHOICES}
                  rows={form.antiparasitics}
                  visitDate={form.visitDate}
                  onChange={(antiparasitics) => set({ antiparasitics })}
                />
              </Stack>
            )}
            {tab === 'consultations' && (
              <ConsultationRows
                rows={form.consultations}
                visitDate={form.visitDate}
                onChange={(consultations) => set({ consultations })}
              />
            )}
            {tab === 'pictures' && (
              <PicturesSection
                pictures={form.pictures}
                onChange={(pictures) => {
                  // the pictures changed since the save failed (a refused file removed or replaced): its message is
                  // stale
                  setSaveError('');
                  set({ pictures });
                }}
              />
            )}
          </Box>
          <FormControlLabel
            control={<Switch checked={form.isFinished} onChange={(e) => set({ isFinished: e.target.checked })} />}
            label={t('editVisit.completed')}
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
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={save.isPending || !form.visitDate || conflict !== null}
        >
          {t('editVisit.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
