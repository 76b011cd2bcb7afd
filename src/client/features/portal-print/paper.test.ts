import { describe, expect, it } from 'vitest';
import { defaultPaper, PAGE_MARGIN_MM, PAPERS } from '#client/features/portal-print/paper';

describe('paper', () => {
  it('defaults to Letter where it is the usual paper, A4 elsewhere', () => {
    expect(defaultPaper(['en-US', 'en'])).toBe('letter');
    expect(defaultPaper(['es-MX'])).toBe('letter');
    expect(defaultPaper(['fr-CA'])).toBe('letter');
    expect(defaultPaper(['en-GB'])).toBe('a4');
    expect(defaultPaper(['es-ES'])).toBe('a4');
    expect(defaultPaper(['ar'])).toBe('a4');
    expect(defaultPaper([])).toBe('a4');
  });

  it('leaves a printable area that both papers hold', () => {
    const width = Math.min(PAPERS.a4.widthMm, PAPERS.letter.widthMm) - 2 * PAGE_MARGIN_MM;
    const height = Math.min(PAPERS.a4.heightMm, PAPERS.letter.heightMm) - 2 * PAGE_MARGIN_MM;
    expect(width).toBe(186);
    expect(height).toBeCloseTo(255.4, 5);
  });
});
