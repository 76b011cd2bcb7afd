import { Suspense, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControlLabel,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { yupResolver } from '@hookform/resolvers/yup';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '#shared/languages';
import type { VetOwnerDetails } from '#shared/contract/vet-owners';
import { PET_FORM_MAX } from '#shared/forms/pet-form';
import { OWNER_NOTES_MAX, saveOwnerForm, type OwnerFormValues } from '#shared/forms/owner-form';
import { ApiError, versionConflictOf } from '#client/api/client';
import { useSaveOwner, useVetOwnerDetails } from '#client/api/portal-owners';
import { EditNotices, VersionedEditDialog, type VersionedEdit } from '#client/components/portal/versioned-edit-dialog';
import { usePortalScreens } from '#client/components/portal/portal-screens';
import { useDataTitles } from '#client/components/format/data-titles';
import { LTR_INPUT, USER_TEXT_INPUT, UserText } from '#client/components/i18n/bidi';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { ErrorLine } from '#client/components/states/error-line';
import { OwnerRightsButtons } from '#client/features/portal-owners/owner-rights';

/** The owner form as the dialog holds it: the language '' for the clinic's. */
type OwnerFormInput = Omit<OwnerFormValues, 'ownerId' | 'version' | 'language'> & { language: LanguageCode | '' };

const ownerResolver = yupResolver(saveOwnerForm.schema) as unknown as Resolver<
  OwnerFormInput,
  unknown,
  OwnerFormValues
>;

function ownerDefaults(owner: VetOwnerDetails | null): OwnerFormInput {
  return {
    name: owner?.name ?? '',
    phone: owner?.phone ?? '',
    email: owner?.email ?? '',
    language: owner?.language ?? '',
    remindersByEmail: owner?.remindersByEmail ?? true,
    notes: owner?.notes ?? '',
  };
}

/**
 * An owner (issue 32): their contact data, language, consent to reminder e-mails and notes (SaveVetOwner, refused over
 * a newer version like a pet), and their pets at the clinic, each opening its profile. `ownerId` null: a new owner.
 */
export default function OwnerDialog({ ownerId, onClose }: { ownerId: number | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const details = useVetOwnerDetails(ownerId);
  const editing = ownerId !== null;
  return (
    <VersionedEditDialog
      titleId="owner-form-title"
      subject="owner"
      title={editing ? t('owners.form.editTitle') : t('owners.form.addTitle')}
      maxWidth="sm"
      onClose={onClose}
      record={editing ? details : null}
      loadError={
        details.error instanceof ApiError && details.error.fromServer
          ? details.error.message
          : t('owners.form.fetchFailed')
      }
      version={details.data?.version}
    >
      {(edit) => <OwnerForm owner={editing ? (details.data ?? null) : null} onClose={onClose} edit={edit} />}
    </VersionedEditDialog>
  );
}

function OwnerForm({
  owner,
  onClose,
  edit,
}: {
  owner: VetOwnerDetails | null;
  onClose: () => void;
  edit: VersionedEdit;
}) {
  const { t } = useTranslation('portal');
  const save = useSaveOwner();
  const [serverError, setServerError] = useState('');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const form = useForm<OwnerFormInput, unknown, OwnerFormValues>({
    resolver: ownerResolver,
    defaultValues: ownerDefaults(owner),
  });
  const { control, register, handleSubmit, getValues, formState } = form;
  // react-hook-form keeps isDirty current only once a render has read it; the close check reads it when the user closes
  const { errors, isSubmitting, isDirty: _isDirtyWatched } = formState;
  const { checkUnsaved } = edit;
  useEffect(() => checkUnsaved(() => form.formState.isDirty), [checkUnsaved, form]);
  const msg = (key: string | undefined) => (key ? t(key) : ' ');

  const submit = async (values: OwnerFormValues) => {
    setServerError('');
    try {
      // The version read: a save over someone else's newer one is refused (409), never applied.
      await save.mutateAsync({ ...values, ownerId: owner?.ID ?? null, version: owner?.version });
      onClose();
    } catch (err) {
      const refused = versionConflictOf(err);
      if (refused) {
        setConflict(refused);
        return;
      }
      setServerError(err instanceof ApiError && err.fromServer ? err.message : t('owners.form.saveFailed'));
    }
  };

  const draftText = () => {
    const v = getValues();
    const language = LANGUAGES.find((l) => l.code === v.language)?.label ?? t('owners.clinicLanguage');
    const lines: Array<[string, string]> = [
      [t('owners.form.name'), v.name],
      [t('owners.form.phone'), v.phone],
      [t('owners.form.email'), v.email],
      [t('owners.form.language'), language],
      [t('owners.form.remindersByEmail'), v.remindersByEmail ? t('pets.form.yes') : t('pets.form.no')],
      [t('owners.form.notes'), v.notes],
    ];
    return lines
      .filter(([, value]) => value.trim() !== '')
      .map(([label, value]) => `${label}: ${value.trim()}`)
      .join('\n');
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <EditNotices edit={edit} conflict={conflict} subject="owner" draftText={draftText} />
          {serverError && <ErrorLine plain message={serverError} />}
          <TextField
            label={t('owners.form.name')}
            required
            {...register('name')}
            error={!!errors.name}
            helperText={msg(errors.name?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.ownerNameForVet, ...USER_TEXT_INPUT } }}
          />
          <TextField
            label={t('owners.form.phone')}
            required
            type="tel"
            {...register('phone')}
            error={!!errors.phone}
            helperText={msg(errors.phone?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.ownerPhoneForVet, ...LTR_INPUT } }}
          />
          <TextField
            label={t('owners.form.email')}
            type="email"
            {...register('email')}
            error={!!errors.email}
            helperText={msg(errors.email?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.ownerEmailForVet, ...LTR_INPUT } }}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField
                select
                label={t('owners.form.language')}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value)}
                helperText={t('owners.form.languageHelp')}
                // '' is a choice (the clinic's language): shown, with the label above it
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('owners.clinicLanguage')}</MenuItem>
                {LANGUAGES.map((l) => (
                  <MenuItem key={l.code} value={l.code} lang={l.code}>
                    {l.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="remindersByEmail"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('owners.form.remindersByEmail')}
              />
            )}
          />
          <TextField
            label={t('owners.form.notes')}
            multiline
            minRows={2}
            {...register('notes')}
            error={!!errors.notes}
            helperText={msg(errors.notes?.message)}
            slotProps={{ htmlInput: { maxLength: OWNER_NOTES_MAX, ...USER_TEXT_INPUT } }}
          />
          {owner && <OwnerPets owner={owner} />}
          {owner && <OwnerRightsButtons owner={owner} onErased={onClose} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={edit.requestClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting || conflict !== null}>
          {owner ? t('owners.form.save') : t('owners.form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The owner's pets at the clinic, each opening its Pet Profile. */
function OwnerPets({ owner }: { owner: VetOwnerDetails }) {
  const { t } = useTranslation('portal');
  const titles = useDataTitles();
  const { PetProfileDialog } = usePortalScreens();
  const [openPetId, setOpenPetId] = useState<number | null>(null);
  return (
    <Box component="section" aria-labelledby="owner-pets-heading">
      <Typography id="owner-pets-heading" component="h3" variant="h4">
        {t('owners.petsHeading', { count: owner.pets.length })}
      </Typography>
      {owner.pets.length === 0 ? (
        <Typography color="text.secondary">{t('owners.noPets')}</Typography>
      ) : (
        <List dense>
          {owner.pets.map((p) => (
            // the button is named by what it shows: the pet's name, type and breed
            <ListItem key={p.petProfileId} disablePadding>
              <ListItemButton onClick={() => setOpenPetId(p.petProfileId)}>
                <ListItemAvatar>
                  <PetAvatar src={p.petImage} name={p.petName} size={40} />
                </ListItemAvatar>
                <ListItemText
                  primary={<UserText>{p.petName}</UserText>}
                  secondary={`${titles.petType(p.petTypeId, '')} · ${titles.breed(p.petBreedId, '')}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Suspense fallback={null}>
        {openPetId !== null && <PetProfileDialog petProfileId={openPetId} onClose={() => setOpenPetId(null)} />}
      </Suspense>
    </Box>
  );
}
