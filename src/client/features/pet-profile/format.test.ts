import { describe, expect, it } from 'vitest';
import { orNotAvailable } from '#client/features/pet-profile/format';

describe('orNotAvailable', () => {
  it('shows N/A for missing or blank values', () => {
    expect(orNotAvailable(null, 'N/A')).toBe('N/A');
    expect(orNotAvailable(undefined, 'N/A')).toBe('N/A');
    expect(orNotAvailable('   ', 'N/A')).toBe('N/A');
  });

  it('keeps real values, zero included', () => {
    expect(orNotAvailable('DEMO0001', 'N/A')).toBe('DEMO0001');
    expect(orNotAvailable(0, 'N/A')).toBe('0');
  });
});
