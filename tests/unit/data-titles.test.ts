// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANTIPARASITIC_CHOICES, PROVIDER_KINDS, VACCINATION_CHOICES } from '#shared/constants';
import { dataTitles } from '#shared/data-titles';
import {
  PET_BREEDS,
  PET_TYPES,
  PROVIDER_SPECIALITIES,
  SKILLS,
  UNITS_OF_MEASURE,
  WELLNESS_CATEGORIES,
  WELLNESS_CATEGORY_TYPES,
} from '#server/db/seed/reference';
import { dataTitlesIn } from '#server/i18n';

type DataFile = Record<string, Record<string, string>>;
const english = JSON.parse(fs.readFileSync('locales/en/data.json', 'utf8')) as DataFile;

const byId = (rows: readonly { id: number; title: string }[]) =>
  Object.fromEntries(rows.map((r) => [String(r.id), r.title]));
const byValue = (values: readonly string[]) => Object.fromEntries(values.map((v) => [v, v]));

/** What our reference data holds, as locales/en/data.json must have it (decision 0105). */
const SEED: DataFile = {
  petType: byId(PET_TYPES),
  breed: byId(PET_BREEDS),
  category: byId(WELLNESS_CATEGORIES),
  recordType: byId(WELLNESS_CATEGORY_TYPES),
  unit: byId(UNITS_OF_MEASURE),
  vaccination: byValue(VACCINATION_CHOICES),
  antiparasitic: byValue(ANTIPARASITIC_CHOICES),
  skill: byId(SKILLS),
  speciality: byValue(PROVIDER_KINDS.flatMap((kind) => PROVIDER_SPECIALITIES[kind])),
};

describe('data titles', () => {
  it('the English file has every row of the reference data under its id or stored value, with its title, and nothing else', () => {
    expect(english).toEqual(SEED);
  });

  it('a title is looked up by id, a stored value by itself, and what the file lacks shows as sent', () => {
    const titles = dataTitlesIn('es');
    expect(titles.petType(1, 'Dog')).toBe('Perro');
    expect(titles.breed(33, 'German Shepherd')).toBe('Pastor alemán');
    // "Himalayan" is a cat (90) and a rabbit (138): each has its own key
    expect(titles.breed(90, 'Himalayan')).toBe('Himalayo');
    expect(titles.unit(1, 'kg')).toBe('kg');
    expect(dataTitlesIn('ar').unit(1, 'kg')).toBe('كغ');
    expect(titles.recordValue(9, 'Rabies')).toBe('Rabia');
    expect(titles.recordValue(10, 'Flea Treatment')).toBe('Tratamiento antipulgas');
    expect(titles.recordValue(1, 'Rabies')).toBe('Rabies');
    expect(titles.speciality('Cardiology')).toBe('Cardiología');
    expect(titles.breed(99999, 'A breed added later')).toBe('A breed added later');
    expect(titles.speciality('Dr. Who: time travel')).toBe('Dr. Who: time travel');
    expect(titles.vaccination(' Rabies ')).toBe('Rabia');
  });

  it('never reads a value as a key path or a namespace', () => {
    const asked: string[] = [];
    const titles = dataTitles((key, { defaultValue }) => {
      asked.push(key);
      return defaultValue;
    });
    titles.speciality('a.b');
    titles.speciality('ns:key');
    titles.vaccination('');
    expect(asked).toEqual([]);
  });
});
