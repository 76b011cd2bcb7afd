import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useTranslation } from 'react-i18next';
import {
  FOUND_COLORS,
  FOUND_NOTE_MAX,
  FOUND_PHOTOS_MAX,
  FOUND_SIZES,
  type FoundColor,
  type FoundSize,
} from '#shared/found-pets';
import { foundReportForm } from '#shared/forms/lost-found-forms';
import { parsePayload } from '#shared/forms/payload-form';
import { latestTodayIso } from '#shared/forms/pet-form';
import { useBreeds, usePetTypes } from '#client/api/public-general';
import { useReportFoundPet } from '#client/api/found-pets';
import { useDataTitles } from '#client/components/format/data-titles';
import { localTodayIso } from '#client/components/format/dates';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';
import { PlaceField, type Place } from '#client/components/map/place-field';
import { EmailField } from '#client/components/forms/email-field';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { checkPetImage, type ImageProblem } from '#client/components/media/image-check';
import { ImageFilesButton } from '#client/components/media/image-files-button';
import { ChosenPhotos } from '#client/features/found-pets/chosen-photos';

/** The found namespace's words for the portal's picture rules (the portal's strings are not loaded here). */
const PHOTO_PROBLEMS: Record<ImageProblem, string> = {
  'pets.form.onlyImages': 'report.onlyImages',
  'pets.form.tooLarge': 'report.tooLarge',
};

/**
 * The finder's report (ReportFoundPet): one to three photos, the pet's type, colours and size, an optional breed
 * guess, where (a tap on the map, or where I am), when, a note and the finder's e-mail. The shared form checks it
 * here and again on the server; a broken rule shows its message above the button.
 */
export function FoundReportForm() {
  const { t, i18n } = useTranslation('found');
  const titles = useDataTitles();
  const types = usePetTypes();
  const report = useReportFoundPet();
  const [photos, setPhotos] = useState<File[]>([]);
  const [petTypeId, setPetTypeId] = useState<number | ''>('');
  const [petBreedId, setPetBreedId] = useState<number | null>(null);
  const breeds = useBreeds(petTypeId === '' ? null : petTypeId);
  const breedOptions = (breeds.data ?? [])
    .map((b) => ({ id: b.id, title: titles.breed(b.id, b.title) }))
    .sort((a, b) => a.title.localeCompare(b.title, i18n.language));
  const [colors, setColors] = useState<FoundColor[]>([]);
  const [size, setSize] = useState<FoundSize | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  // The day defaults to today where the finder is; the server, which knows no visitor's time zone, renders the
  // latest today on Earth (the last day a report may give) until the page is live.
  const today = useBrowserValue(() => localTodayIso(), latestTodayIso());
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const foundDate = chosenDate ?? today;
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);

  /** Keeps the images within the portal's rules, up to three in all; says why a file was left out. */
  const addPhotos = (files: File[]) => {
    const kept = [...photos];
    let refused: string | null = null;
    for (const file of files) {
      const bad = checkPetImage(file);
      if (bad) refused = t(PHOTO_PROBLEMS[bad]);
      else if (kept.length >= FOUND_PHOTOS_MAX) refused = t('report.tooManyPhotos', { max: FOUND_PHOTOS_MAX });
      else kept.push(file);
    }
    setPhotos(kept);
    setPhotoProblem(refused);
  };

  const submit = async () => {
    setProblem(null);
    if (photos.length < 1 || photos.length > FOUND_PHOTOS_MAX) return setProblem(t('report.photosNeeded'));
    try {
      const values = await parsePayload(foundReportForm, {
        petTypeId: petTypeId === '' ? undefined : petTypeId,
        petBreedId,
        colors,
        size: size ?? '',
        latitude: place?.latitude,
        longitude: place?.longitude,
        foundDate,
        note,
        email,
      });
      report.mutate({ values, photos: photos.map((file) => ({ file, name: file.name })) });
    } catch (error) {
      setProblem(t(errorMessage(error)));
    }
  };

  if (report.isSuccess)
    return (
      <Alert severity="success" role="status">
        {t('report.sent')}
      </Alert>
    );

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="found-report-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={2.5}>
        <Typography id="found-report-title" variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.4rem' } }}>
          {t('report.title')}
        </Typography>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('report.photos')}</FormLabel>
          <ChosenPhotos photos={photos} onRemove={(index) => setPhotos(photos.filter((_p, i) => i !== index))} />
          {photos.length < FOUND_PHOTOS_MAX && (
            <Box sx={{ mt: 1 }}>
              <ImageFilesButton
                label={t(photos.length ? 'report.addPhotos' : 'report.choosePhotos')}
                icon={<AddPhotoAlternateIcon />}
                multiple
                onPick={addPhotos}
                inputTestId="found-photos"
                aria-describedby="found-photos-help"
              />
            </Box>
          )}
          <FormHelperText id="found-photos-help">{t('report.photosHelp', { count: photos.length })}</FormHelperText>
          {photoProblem && <ErrorLine plain message={photoProblem} />}
        </FormControl>
        <TextField
          select
          label={t('report.petType')}
          value={petTypeId}
          onChange={(e) => {
            setPetTypeId(Number(e.target.value));
            setPetBreedId(null);
          }}
        >
          {(types.data ?? []).map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {titles.petType(type.id, type.title)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          options={breedOptions}
          value={breedOptions.find((b) => b.id === petBreedId) ?? null}
          onChange={(_e, breed) => setPetBreedId(breed?.id ?? null)}
          getOptionLabel={(breed) => breed.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          disabled={petTypeId === ''}
          renderInput={(params) => (
            <TextField {...params} label={t('report.breedGuess')} helperText={t('report.breedGuessHelp')} />
          )}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('report.colors')}</FormLabel>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
            {FOUND_COLORS.map((color) => {
              const on = colors.includes(color);
              return (
                <Chip
                  key={color}
                  label={t(`color.${color}`)}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => setColors(on ? colors.filter((c) => c !== color) : [...colors, color])}
                />
              );
            })}
          </Stack>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('report.size')}</FormLabel>
          <ToggleButtonGroup exclusive value={size} onChange={(_e, value: FoundSize | null) => setSize(value)}>
            {FOUND_SIZES.map((s) => (
              <ToggleButton key={s} value={s}>
                {t(`size.${s}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        <PlaceField
          strings="report"
          place={place}
          onPlace={setPlace}
          onNoPosition={() => setProblem(t('report.noPosition'))}
          mapHeight={260}
        />
        <TextField
          type="date"
          label={t('report.foundDate')}
          value={foundDate}
          onChange={(e) => setChosenDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('report.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: FOUND_NOTE_MAX } }}
        />
        <EmailField label={t('report.email')} value={email} onChange={setEmail} helperText={t('report.emailHelp')} />
        {problem && <ErrorLine plain message={problem} />}
        {report.error && <ErrorLine plain message={errorMessage(report.error)} />}
        <Box>
          <Button type="submit" variant="contained" loading={report.isPending}>
            {t('report.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
