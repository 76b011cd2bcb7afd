import { describe, expect, it } from 'vitest';
import { checkPetImage } from '#client/components/media/image-check';

describe('pet image check', () => {
  it('accepts images up to 5 MB', () => {
    expect(checkPetImage({ type: 'image/png', size: 5_242_880 })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(checkPetImage({ type: 'application/pdf', size: 10 })).toBe('pets.form.onlyImages');
    expect(checkPetImage({ type: 'image/jpeg', size: 5_242_881 })).toBe('pets.form.tooLarge');
  });
});
