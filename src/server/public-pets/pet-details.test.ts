// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizePublicId } from '#shared/contract/pets';
import { petKeyOf } from '#server/public-pets/pet-details';

describe('petKeyOf: the one reading of a pet address (API query and /Pets/Details page)', () => {
  it('reads a numeric petProfileId and a trimmed publicId', () => {
    expect(petKeyOf({ petProfileId: '12', publicId: ' demo0001 ' })).toEqual({
      petProfileId: 12,
      publicId: 'demo0001',
    });
    expect(petKeyOf({ petProfileId: '0' })).toEqual({ petProfileId: 0, publicId: null });
  });

  it('counts empty, "null", "undefined" and malformed values as not given', () => {
    for (const raw of ['', 'null', 'undefined', '12a', '1234567890', '-1'])
      expect(petKeyOf({ petProfileId: raw }).petProfileId, raw).toBeNull();
    for (const raw of ['', '  ', 'null', 'undefined', 'x'.repeat(65), 'a\u0000b'])
      expect(petKeyOf({ publicId: raw }).publicId, JSON.stringify(raw)).toBeNull();
    expect(petKeyOf({ petProfileId: null, publicId: null })).toEqual({ petProfileId: null, publicId: null });
  });

  it('finds an ID typed in the groups a tag prints it in: spaces and hyphens dropped, any case (issue 36)', () => {
    for (const typed of ['DEMO 0001', 'demo-0001', ' Demo – 00 01 ', 'demo0001'])
      expect(normalizePublicId(petKeyOf({ publicId: typed }).publicId ?? ''), typed).toBe('DEMO0001');
  });
});
