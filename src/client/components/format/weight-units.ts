/**
 * Weights in the visitor's unit (docs/decisions/0116-weight-unit-and-chart.md): records are
 * stored as typed ("12.5" with the unit "kg" or "lb"); charts and tables convert them to one unit,
 * the customary one of the browser's region for the language the page is shown in (pounds in the United States,
 * Liberia and Myanmar, kilograms elsewhere) until the visitor picks the other, which is remembered. A browser set to
 * en-US showing the portal in Spanish or German weighs in kilograms (issue 36): its region speaks for English only.
 */
import { firstRegion, rememberedChoice } from '#client/components/hooks/remembered-choice';

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The international pound, exactly. */
const KG_PER_LB = 0.45359237;

const POUND_REGIONS = new Set(['US', 'LR', 'MM']);

/** The unit a unit-of-measure title names ("kg", "Kilograms", "lbs" …), or null for another unit. */
export function weightUnitOf(title: string): WeightUnit | null {
  const name = title.trim().toLowerCase().replace(/\.$/, '');
  if (['kg', 'kgs', 'kilogram', 'kilograms', 'kilo', 'kilos'].includes(name)) return 'kg';
  if (['lb', 'lbs', 'pound', 'pounds'].includes(name)) return 'lb';
  return null;
}

/** A recorded weight in kilograms, or null when its value is not a positive number or its unit is not a weight. */
export function recordedKilograms(value: string, unitTitle: string): number | null {
  const unit = weightUnitOf(unitTitle);
  const text = value.trim().replace(',', '.');
  if (!unit || !/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const amount = Number(text);
  if (!(amount > 0)) return null;
  return unit === 'kg' ? amount : amount * KG_PER_LB;
}

export function fromKilograms(kg: number, unit: WeightUnit): number {
  return unit === 'kg' ? kg : kg / KG_PER_LB;
}

/** Enough digits for a hamster (0.035 kg) and no more than sense for a dog (24.5 kg). */
export function weightDigits(value: number): number {
  if (value < 1) return 3;
  if (value < 10) return 2;
  return 1;
}

/**
 * The customary unit of the first browser language of the page's language that names a region (page "en", browser
 * "en-US" → lb; page "es", browser "en-US" → kg); kg otherwise. Without a page language, the first region of all.
 */
export function defaultWeightUnit(languages: readonly string[], pageLanguage = ''): WeightUnit {
  const base = pageLanguage.split('-')[0].toLowerCase();
  const ofPage = base ? languages.filter((tag) => tag.split('-')[0].toLowerCase() === base) : languages;
  const region = firstRegion(ofPage);
  return region && POUND_REGIONS.has(region) ? 'lb' : 'kg';
}

const weightUnit = rememberedChoice<WeightUnit>('pawtal.weightUnit', WEIGHT_UNITS, defaultWeightUnit, 'kg');

/** The visitor's weight unit (kg on the server: weights are charted in the browser only). */
export const useWeightUnit = weightUnit.use;
export const chooseWeightUnit = weightUnit.choose;
