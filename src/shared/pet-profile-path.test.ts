import { describe, expect, it } from 'vitest';
import { petProfilePath } from '#shared/pet-profile-path';

describe('petProfilePath', () => {
  it('builds the addresses of SPEC.md §2', () => {
    expect(petProfilePath({ publicId: 'DEMO0001' }, 'Home')).toBe('/Pets/Details?publicId=DEMO0001&isFrom=Home');
    expect(petProfilePath({ petProfileId: 12 }, 'Adoption')).toBe('/Pets/Details?petProfileId=12&isFrom=Adoption');
    expect(petProfilePath({ petProfileId: 12, publicId: 'DEMO0002' }, 'Lost')).toBe(
      '/Pets/Details?petProfileId=12&publicId=DEMO0002&isFrom=Lost',
    );
    expect(petProfilePath({ publicId: 'DEMO0002' })).toBe('/Pets/Details?publicId=DEMO0002');
  });

  it('encodes what the visitor typed', () => {
    expect(petProfilePath({ publicId: '' }, 'Home')).toBe('/Pets/Details?publicId=&isFrom=Home');
    expect(petProfilePath({ publicId: 'a b&c=d#' })).toBe('/Pets/Details?publicId=a+b%26c%3Dd%23');
  });
});
