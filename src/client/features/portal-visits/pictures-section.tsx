import { useState } from 'react';
import { Box, Button, ButtonBase, Card, CardActions, CardMedia, Stack, TextField, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/Restore';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_FILES } from '#shared/constants';
import { VISIT_FORM_MAX } from '#shared/forms/visit-payload';
import { checkPetImage } from '#client/components/media/image-check';
import { PictureViewer } from '#client/components/media/picture-viewer';
import { ImageFilesButton } from '#client/components/media/image-files-button';
import type { PictureState, VisitFormState } from '#client/features/portal-visits/visit-form-state';
import { ErrorLine } from '#client/components/states/error-line';

let tempId = 0;

/**
 * Pictures of the visit (the Edit Visit form's field array): add from file or camera (images only), notes, mark
 * deleted (restorable), enlarge. `onChange`: the pictures were added to, deleted or restored.
 */
export function PicturesSection({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation('portal');
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<VisitFormState>();
  const { fields, append } = useFieldArray({ control, name: 'pictures' });
  const pictures = useWatch({ control, name: 'pictures' });
  const [viewing, setViewing] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  const added = pictures.filter((p) => p.pictureId <= 0 && !p.isDeleted).length;

  const addFiles = (files: File[]) => {
    const next: PictureState[] = [];
    let message = '';
    for (const file of files) {
      const bad = checkPetImage(file);
      if (bad) {
        message = t(bad);
        continue;
      }
      if (added + next.length >= MAX_UPLOAD_FILES) {
        message = t('editVisit.tooManyPictures', { max: MAX_UPLOAD_FILES });
        break;
      }
      tempId -= 1;
      next.push({ pictureId: tempId, url: URL.createObjectURL(file), file, notes: '', isDeleted: false });
    }
    setProblem(message);
    if (next.length) {
      append(next);
      onChange();
    }
  };

  const markDeleted = (index: number, isDeleted: boolean) => {
    setValue(`pictures.${index}.isDeleted`, isDeleted, { shouldDirty: true });
    onChange();
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <ImageFilesButton
          label={t('editVisit.addFromFile')}
          icon={<AddPhotoAlternateIcon />}
          multiple
          onPick={addFiles}
          inputTestId="picture-file"
        />
        <ImageFilesButton label={t('editVisit.takePhoto')} icon={<PhotoCameraIcon />} camera onPick={addFiles} />
      </Stack>
      {problem && <ErrorLine plain message={problem} />}
      {pictures.length === 0 ? (
        <Typography color="text.secondary">{t('editVisit.noPictures')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {fields.map((field, index) => {
            const p = pictures[index] ?? field;
            const notesError = errors.pictures?.[index]?.notes?.message;
            return (
              // A picture marked for deletion fades (and its card's edge turns dashed), never its Restore button.
              <Card
                key={field.id}
                variant="outlined"
                data-deleted={p.isDeleted || undefined}
                sx={p.isDeleted ? { borderStyle: 'dashed', borderColor: 'error.main' } : undefined}
              >
                <ButtonBase
                  onClick={() => setViewing(p.url)}
                  aria-label={t('editVisit.enlarge', { n: index + 1 })}
                  sx={{ width: '100%', ...(p.isDeleted ? { opacity: 0.45, filter: 'grayscale(1)' } : {}) }}
                  disabled={p.isDeleted}
                >
                  <CardMedia
                    component="img"
                    image={p.url}
                    alt={p.notes || t('editVisit.pictureN', { n: index + 1 })}
                    sx={{ height: 140, objectFit: 'cover' }}
                  />
                </ButtonBase>
                <Box sx={{ p: 1 }}>
                  <TextField
                    label={t('editVisit.pictureNotes', { n: index + 1 })}
                    size="small"
                    {...register(`pictures.${index}.notes`)}
                    disabled={p.isDeleted}
                    error={!!notesError}
                    helperText={notesError ? t(notesError) : undefined}
                    slotProps={{ htmlInput: { maxLength: VISIT_FORM_MAX.pictureNotes } }}
                  />
                  {p.isDeleted && (
                    <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                      {t('editVisit.markedDeleted')}
                    </Typography>
                  )}
                </Box>
                <CardActions>
                  {p.isDeleted ? (
                    <Button
                      startIcon={<RestoreIcon />}
                      onClick={() => markDeleted(index, false)}
                      aria-label={t('editVisit.restorePicture', { n: index + 1 })}
                    >
                      {t('editVisit.restore')}
                    </Button>
                  ) : (
                    <Button
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => markDeleted(index, true)}
                      aria-label={t('editVisit.deletePicture', { n: index + 1 })}
                    >
                      {t('delete')}
                    </Button>
                  )}
                </CardActions>
              </Card>
            );
          })}
        </Box>
      )}
      {viewing && <PictureViewer url={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
