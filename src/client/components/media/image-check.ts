/** Pet image rules (SPEC.md §5): image types only, at most 5 MB. Answers an i18n key or null. */
import { MAX_IMAGE_BYTES } from '#shared/constants';

export type ImageProblem = 'pets.form.onlyImages' | 'pets.form.tooLarge';

export function checkPetImage(file: { type: string; size: number }): ImageProblem | null {
  if (!file.type.startsWith('image/')) return 'pets.form.onlyImages';
  if (file.size > MAX_IMAGE_BYTES) return 'pets.form.tooLarge';
  return null;
}
