/**
 * The paper a printout is laid out for (docs/decisions/0115-clinic-printouts.md): A4 or US Letter,
 * the browser region's customary size until the clinic picks the other, which is remembered. The
 * page's content fits both (the narrower A4 width, the shorter Letter height), so either prints on
 * one page whatever the printer dialog is set to; the choice sets @page's size for the dialog.
 */
import { firstRegion, rememberedChoice } from '#client/components/hooks/remembered-choice';

export const PAPERS = {
  a4: { css: 'A4', widthMm: 210, heightMm: 297 },
  letter: { css: 'letter', widthMm: 215.9, heightMm: 279.4 },
} as const;
export type Paper = keyof typeof PAPERS;
export const PAPER_CHOICES: readonly Paper[] = ['a4', 'letter'];

/** The page margin on paper; with it the printable area is at most 186 × 255.4 mm on either paper. */
export const PAGE_MARGIN_MM = 12;

/** Where US Letter is the usual paper (the Americas that kept it, and the Philippines). */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PR', 'GT', 'SV', 'NI', 'CR', 'PA', 'DO', 'CO', 'VE', 'CL', 'PH']);

export function defaultPaper(languages: readonly string[]): Paper {
  const region = firstRegion(languages);
  return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

const paper = rememberedChoice<Paper>('pawtal.paper', PAPER_CHOICES, defaultPaper, 'a4');
export const usePaper = paper.use;
export const choosePaper = paper.choose;
