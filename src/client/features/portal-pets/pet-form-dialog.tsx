import { useEffect, useMemo, useState } from 'react';
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/AddAPhoto';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useDataTitles } from '#client/components/format/data-titles';
import { LTR_INPUT, USER_TEXT_INPUT } from '#client/components/i18n/bidi';
import { intlLocale } from '#shared/languages';
import { useTranslation } from 'react-i18next';
import type { VetPetDetails } from '#shared/contract/vet';
import { PET_FORM_MAX, type PetFormValues } from '#shared/forms/pet-form';
import { undeliverableAddress } from '#shared/email-address';
import { ApiError, versionConflictOf } from '#client/api/client';
import { EditNotices, VersionedEditDialog, type VersionedEdit } from '#client/components/portal/versioned-edit-dialog';
import { useCreatePet, useUpdatePet, useVetPetDetails } from '#client/api/portal-pets';
import { useBreeds } from '#client/api/public-general';
import { usePortalState } from '#client/api/portal-session';
import { hasImage } from '#client/components/media/media';
import { ISO_DAY } from '#client/components/format/dates';
import { filterBreeds } from '#client/features/portal-pets/breed-filter';
import { checkPetImage } from '#client/components/media/image-check';
import { ImageFilesButton } from '#client/components/media/image-files-button';
import {
  petDraftText,
  petFormDefaults,
  petFormResolver,
  type PetFormInput,
} from '#client/features/portal-pets/pet-form-state';
import { ErrorLine } from '#client/components/states/error-line';
import type { VetOwner } from '#shared/contract/vet-owners';
import { OwnerPicker } from '#client/features/portal-pets/owner-picker';

/** Add New Pet (petProfileId null) or Edit Pet: one form (SPEC.md §2, §5). */
export default function PetFormDialog({ petProfileId, onClose }: { petProfileId: number | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const details = useVetPetDetails(petProfileId);
  const editing = petProfileId !== null;
  return (
    <VersionedEditDialog
      titleId="pet-form-title"
      subject="pet"
      title={editing ? t('pets.form.editTitle') : t('pets.form.addTitle')}
      maxWidth="sm"
      onClose={onClose}
      record={editing ? details : null}
      loadError={
        details.error instanceof ApiError && details.error.fromServer
          ? details.error.message
          : t('pets.form.fetchDetailsFailed')
      }
      version={details.data?.version}
    >
      {(edit) => <PetForm pet={editing ? (details.data ?? null) : null} onClose={onClose} edit={edit} />}
    </VersionedEditDialog>
  );
}

function PetForm({ pet, onClose, edit }: { pet: VetPetDetails | null; onClose: () => void; edit: VersionedEdit }) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const { session } = usePortalState();
  const petTypes = session?.pettypes ?? [];
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(pet && hasImage(pet.petImage) ? pet.petImage : null);
  const [imageProblem, setImageProblem] = useState('');
  const [serverError, setServerError] = useState('');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const create = useCreatePet();
  const update = useUpdatePet();
  // issue 32: an owner of the clinic picked for the pet; null: the owner fields below are the owner's
  const [pickedOwner, setPickedOwner] = useState<VetOwner | null>(null);

  const form = useForm<PetFormInput, unknown, PetFormValues>({
    resolver: petFormResolver,
    defaultValues: petFormDefaults(pet),
  });
  const { control, register, handleSubmit, setValue, getValues, formState } = form;
  // react-hook-form keeps isDirty current only once a render has read it; the close check reads it when the user closes
  const { errors, isSubmitting, isDirty: _isDirtyWatched } = formState;
  const { checkUnsaved } = edit;
  useEffect(() => checkUnsaved(() => form.formState.isDirty || image !== null), [checkUnsaved, form, image]);

  const typeId = useWatch({ control, name: 'petTypeId' });
  // kept as typed (SPEC.md checks no format), but said: reminders cannot be e-mailed to it (issue 36)
  const emailWarning = undeliverableAddress(useWatch({ control, name: 'ownerEmailForVet' }));
  const breeds = useBreeds(typeId === '' ? null : typeId);
  const breedList = useMemo(() => breeds.data ?? [], [breeds.data]);
  // Titles in the reader's language, in its alphabetical order; the search also knows the English title.
  // "Unknown" stays the server's first breed, the same whatever the language.
  const locale = intlLocale(i18n.language);
  const breedOptions = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return breedList
      .map((b) => ({ id: b.id, title: titles.breed(b.id, b.title), englishTitle: b.title }))
      .sort((a, b) => collator.compare(a.title, b.title));
  }, [breedList, titles, locale]);
  const msg = (key: string | undefined) => (key ? t(key) : ' ');
  // setValue fills the owner fields without the input events MUI's label follows: above a picked owner's data it is put
  const ownerLabel = { shrink: pickedOwner ? true : undefined };

  // A picked owner's contact data shows in the owner fields (read only); unpicked, the fields are the form's again:
  // empty for a new pet, the pet's owner for an existing one.
  const pickOwner = (owner: VetOwner | null) => {
    setPickedOwner(owner);
    const defaults = petFormDefaults(pet);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    setValue('ownerId', owner ? owner.ID : null, options);
    setValue('ownerNameForVet', owner ? owner.name : defaults.ownerNameForVet, options);
    setValue('ownerPhoneForVet', owner ? owner.phone : defaults.ownerPhoneForVet, options);
    setValue('ownerEmailForVet', owner ? owner.email : defaults.ownerEmailForVet, options);
  };

  const pickImage = ([file]: File[]) => {
    if (!file) return;
    const problem = checkPetImage(file);
    if (problem) {
      setImageProblem(t(problem));
      return;
    }
    // a new picture answers any earlier complaint about the last one, the server's too ("Only image files are allowed")
    setImageProblem('');
    setServerError('');
    setImage(file);
    setPreview(URL.createObjectURL(file));
  };

  const submit = async (values: PetFormValues) => {
    setServerError('');
    const payload = {
      petName: values.petName,
      petDateOfBirth: values.petDateOfBirth,
      petGenderId: values.petGenderId,
      petBreedId: values.petBreedId,
      petTypeId: values.petTypeId,
      isSterilized: values.isSterilized,
      microChipId: values.microChipId,
      bloodType: values.bloodType,
      ownerNameForVet: values.ownerNameForVet,
      ownerPhoneForVet: values.ownerPhoneForVet,
      ownerEmailForVet: values.ownerEmailForVet,
      ownerId: values.ownerId ?? null,
    };
    const upload = image ? { file: image, name: image.name || 'pet_image.jpg' } : null;
    try {
      // The version read: a save over someone else's newer one is refused (409), never applied.
      if (pet)
        await update.mutateAsync({
          payload: { ...payload, petProfileId: pet.petProfileId, version: pet.version },
          image: upload,
        });
      else await create.mutateAsync({ payload, image: upload });
      onClose();
    } catch (err) {
      const refused = versionConflictOf(err);
      if (refused) {
        setConflict(refused);
        return;
      }
      const fallback = pet ? t('pets.form.updateFailed') : t('pets.form.createFailed');
      setServerError(err instanceof ApiError && err.fromServer ? err.message : fallback);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <EditNotices
            edit={edit}
            conflict={conflict}
            subject="pet"
            draftText={() =>
              petDraftText(
                t,
                getValues(),
                {
                  type: (id) => titles.petType(id || null, petTypes.find((p) => p.ID === id)?.Title ?? ''),
                  breed: (id) => titles.breed(id || null, breedList.find((b) => b.id === id)?.title ?? ''),
                  photo: image?.name ?? null,
                },
                i18n.language,
              )
            }
          />
          {serverError && <ErrorLine plain message={serverError} />}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={preview ?? undefined} alt={t('pets.form.photo')} sx={{ width: 88, height: 88 }} />
            <ImageFilesButton
              label={preview ? t('pets.form.changePhoto') : t('pets.form.choosePhoto')}
              icon={<PhotoCameraIcon />}
              onPick={pickImage}
              inputTestId="pet-image"
            />
          </Stack>
          {imageProblem && <ErrorLine plain message={imageProblem} />}
          <TextField
            label={t('pets.form.petName')}
            required
            {...register('petName')}
            error={!!errors.petName}
            helperText={msg(errors.petName?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.petName, ...USER_TEXT_INPUT } }}
          />
          <Controller
            control={control}
            name="petTypeId"
            render={({ field }) => (
              <TextField
                select
                required
                label={t('pets.form.petType')}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(Number(e.target.value));
                  // a new type clears the breed; its breeds load
                  setValue('petBreedId', '');
                }}
                error={!!errors.petTypeId}
                helperText={msg(errors.petTypeId?.message)}
              >
                {petTypes.map((pt) => (
                  <MenuItem key={pt.ID} value={pt.ID}>
                    <Box
                      component="img"
                      src={pt.HostLink + pt.Image}
                      alt=""
                      sx={{ width: 22, height: 22, objectFit: 'contain', marginInlineEnd: 1, verticalAlign: 'middle' }}
                    />
                    {titles.petType(pt.ID, pt.Title)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {breeds.isError && <ErrorLine plain message={t('pets.form.breedsFailed')} />}
          <Controller
            control={control}
            name="petBreedId"
            render={({ field }) => {
              const selected = breedOptions.find((b) => b.id === field.value) ?? null;
              const first = breedList[0];
              return (
                <Stack spacing={0.5}>
                  <Autocomplete
                    options={breedOptions}
                    value={selected}
                    disabled={typeId === ''}
                    loading={breeds.isFetching}
                    getOptionLabel={(b) => b.title}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    filterOptions={(options, state) => filterBreeds(options, state.inputValue, locale)}
                    onChange={(_e, b) => field.onChange(b ? b.id : '')}
                    onBlur={field.onBlur}
                    slotProps={{ listbox: { sx: { maxHeight: 250 } } }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        required
                        label={t('pets.form.breed')}
                        error={!!errors.petBreedId}
                        helperText={
                          errors.petBreedId?.message ? t(errors.petBreedId.message) : t('pets.form.breedHint')
                        }
                      />
                    )}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={!!first && field.value === first.id}
                        disabled={!first}
                        onChange={(e) => field.onChange(e.target.checked && first ? first.id : '')}
                      />
                    }
                    label={t('pets.form.unknownBreed')}
                  />
                </Stack>
              );
            }}
          />
          <Controller
            control={control}
            name="petDateOfBirth"
            render={({ field }) => (
              <DatePicker
                label={t('pets.form.dob')}
                value={field.value ? dayjs(field.value) : null}
                maxDate={dayjs()}
                disableFuture
                onChange={(d) => field.onChange(d && d.isValid() ? d.format(ISO_DAY) : '')}
                slotProps={{
                  textField: {
                    required: true,
                    error: !!errors.petDateOfBirth,
                    helperText: msg(errors.petDateOfBirth?.message),
                    onBlur: field.onBlur,
                    inputRef: field.ref,
                  },
                }}
              />
            )}
          />
          <OwnerPicker value={pickedOwner} onChange={pickOwner} editing={pet !== null} />
          <TextField
            label={t('pets.form.ownerName')}
            required={!pickedOwner}
            {...register('ownerNameForVet')}
            error={!!errors.ownerNameForVet}
            helperText={msg(errors.ownerNameForVet?.message)}
            slotProps={{
              htmlInput: { maxLength: PET_FORM_MAX.ownerNameForVet, readOnly: !!pickedOwner },
              inputLabel: ownerLabel,
            }}
          />
          <TextField
            label={t('pets.form.ownerPhone')}
            required={!pickedOwner}
            type="tel"
            {...register('ownerPhoneForVet')}
            error={!!errors.ownerPhoneForVet}
            helperText={msg(errors.ownerPhoneForVet?.message)}
            slotProps={{
              htmlInput: { maxLength: PET_FORM_MAX.ownerPhoneForVet, readOnly: !!pickedOwner, ...LTR_INPUT },
              inputLabel: ownerLabel,
            }}
          />
          <TextField
            label={t('pets.form.ownerEmail')}
            type="email"
            {...register('ownerEmailForVet')}
            error={!!errors.ownerEmailForVet}
            helperText={
              !errors.ownerEmailForVet && emailWarning
                ? t('pets.form.ownerEmailLooksWrong')
                : msg(errors.ownerEmailForVet?.message)
            }
            slotProps={{
              htmlInput: { maxLength: PET_FORM_MAX.ownerEmailForVet, readOnly: !!pickedOwner, ...LTR_INPUT },
              inputLabel: ownerLabel,
              formHelperText: { sx: emailWarning ? { color: 'warning.dark' } : undefined },
            }}
          />
          <Controller
            control={control}
            name="petGenderId"
            render={({ field }) => (
              <FormControl required error={!!errors.petGenderId}>
                <FormLabel id="gender-label">{t('pets.form.gender')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="gender-label"
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                >
                  <FormControlLabel value={1} control={<Radio />} label={t('pets.form.male')} />
                  <FormControlLabel value={2} control={<Radio />} label={t('pets.form.female')} />
                </RadioGroup>
                <FormHelperText>{msg(errors.petGenderId?.message)}</FormHelperText>
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="isSterilized"
            render={({ field }) => (
              <TextField
                select
                label={t('pets.form.sterilized')}
                value={field.value === null ? 'unknown' : field.value ? 'yes' : 'no'}
                onChange={(e) => field.onChange(e.target.value === 'unknown' ? null : e.target.value === 'yes')}
              >
                <MenuItem value="unknown">{t('pets.form.unknown')}</MenuItem>
                <MenuItem value="yes">{t('pets.form.yes')}</MenuItem>
                <MenuItem value="no">{t('pets.form.no')}</MenuItem>
              </TextField>
            )}
          />
          <TextField
            label={t('pets.form.bloodType')}
            {...register('bloodType')}
            error={!!errors.bloodType}
            helperText={msg(errors.bloodType?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.bloodType } }}
          />
          <TextField
            label={t('pets.form.microchip')}
            {...register('microChipId')}
            error={!!errors.microChipId}
            helperText={msg(errors.microChipId?.message)}
            slotProps={{ htmlInput: { maxLength: PET_FORM_MAX.microChipId, ...LTR_INPUT } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={edit.requestClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting || conflict !== null}>
          {pet ? t('pets.form.save') : t('pets.form.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
