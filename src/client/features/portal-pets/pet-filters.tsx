import { useMemo } from 'react';
import { Autocomplete, Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SterilizedFilter } from '#shared/contract/vet';
import { PET_DUE_STATUSES } from '#shared/constants';
import { type VetPetFilters } from '#client/api/portal-pets';
import { useBreeds } from '#client/api/public-general';
import { usePortalState } from '#client/api/portal-session';
import { intlLocale } from '#shared/languages';
import { useDataTitles } from '#client/components/format/data-titles';

const STERILIZED: readonly SterilizedFilter[] = ['true', 'false', 'unknown'];
const MAX_AGE = 100;

/** Filters read back from a saved view or the last state: only values the API takes. */
export function readPetFilters(raw: unknown): VetPetFilters {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const id = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : undefined);
  const age = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= MAX_AGE ? x : undefined);
  return {
    petTypeId: id(v.petTypeId),
    petBreedId: id(v.petBreedId),
    genderId: v.genderId === 1 || v.genderId === 2 ? v.genderId : undefined,
    isSterilized: STERILIZED.find((s) => s === v.isSterilized),
    ageFrom: age(v.ageFrom),
    ageTo: age(v.ageTo),
    dueStatus: PET_DUE_STATUSES.find((s) => s === v.dueStatus),
  };
}

/** Characters a line of text gives a full em: Chinese, Japanese and Korean script, and the full-width forms (（）). */
const FULL_WIDTH = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * A field's width from its label, so no language's label is cut or runs into the field's end: the label's letters at
 * about 0.56em each (a full em for a Chinese character or a full-width bracket: "最小年龄（岁）" was cut at 130 px),
 * the field's padding and, for a list, the room of its arrow.
 */
function labelWidth(label: string, minPx = 130, endPx = 40): string {
  const ems = Array.from(label).reduce((sum, ch) => sum + (FULL_WIDTH.test(ch) ? 1 : 0.56), 0);
  return `max(${minPx}px, calc(${Math.round(ems * 100) / 100}em + ${endPx}px))`;
}

/** A list's width from its label: the arrow takes about 24px more than a text field's end. */
const SELECT_END_PX = 64;

function ageValue(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= MAX_AGE ? n : undefined;
}

interface Props {
  value: VetPetFilters;
  onChange: (value: VetPetFilters) => void;
}

/**
 * The Pets grid's server-side filters (issue 21, item 5): pet type, breed (of the chosen type),
 * gender, sterilised, an age range in whole years and the reminder status (issue 33), with a way back to all pets.
 */
export function PetFilters({ value, onChange }: Props) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const { session } = usePortalState();
  const breeds = useBreeds(value.petTypeId ?? null);
  const set = (patch: Partial<VetPetFilters>) => onChange({ ...value, ...patch });
  const breedOptions = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(i18n.language));
    return (breeds.data ?? [])
      .map((b) => ({ id: b.id, title: titles.breed(b.id, b.title) }))
      .sort((a, b) => collator.compare(a.title, b.title));
  }, [breeds.data, titles, i18n.language]);
  const any = Object.values(value).some((v) => v !== undefined);
  return (
    <Stack
      role="group"
      aria-label={t('pets.filters.label')}
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      <FormControl size="small" sx={{ minWidth: labelWidth(t('pets.form.petType'), 140, SELECT_END_PX) }}>
        <InputLabel id="pet-filter-type">{t('pets.form.petType')}</InputLabel>
        <Select<number | ''>
          labelId="pet-filter-type"
          label={t('pets.form.petType')}
          value={value.petTypeId ?? ''}
          onChange={(e) =>
            set({ petTypeId: e.target.value === '' ? undefined : Number(e.target.value), petBreedId: undefined })
          }
        >
          <MenuItem value="">{t('pets.filters.any')}</MenuItem>
          {(session?.pettypes ?? []).map((type) => (
            <MenuItem key={type.ID} value={type.ID}>
              {titles.petType(type.ID, type.Title)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Autocomplete
        size="small"
        sx={{ minWidth: 220 }}
        options={breedOptions}
        disabled={value.petTypeId === undefined}
        value={breedOptions.find((b) => b.id === value.petBreedId) ?? null}
        getOptionLabel={(b) => b.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, b) => set({ petBreedId: b?.id })}
        renderInput={(params) => <TextField {...params} label={t('pets.form.breed')} />}
      />
      <FormControl size="small" sx={{ minWidth: labelWidth(t('pets.form.gender'), 120, SELECT_END_PX) }}>
        <InputLabel id="pet-filter-gender">{t('pets.form.gender')}</InputLabel>
        <Select<number | ''>
          labelId="pet-filter-gender"
          label={t('pets.form.gender')}
          value={value.genderId ?? ''}
          onChange={(e) => set({ genderId: e.target.value === 1 || e.target.value === 2 ? e.target.value : undefined })}
        >
          <MenuItem value="">{t('pets.filters.any')}</MenuItem>
          <MenuItem value={1}>{t('pets.form.male')}</MenuItem>
          <MenuItem value={2}>{t('pets.form.female')}</MenuItem>
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: labelWidth(t('pets.form.sterilized'), 130, SELECT_END_PX) }}>
        <InputLabel id="pet-filter-sterilized">{t('pets.form.sterilized')}</InputLabel>
        <Select
          labelId="pet-filter-sterilized"
          label={t('pets.form.sterilized')}
          value={value.isSterilized ?? ''}
          onChange={(e) => set({ isSterilized: STERILIZED.find((s) => s === e.target.value) })}
        >
          <MenuItem value="">{t('pets.filters.any')}</MenuItem>
          <MenuItem value="true">{t('pets.form.yes')}</MenuItem>
          <MenuItem value="false">{t('pets.form.no')}</MenuItem>
          <MenuItem value="unknown">{t('pets.form.unknown')}</MenuItem>
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: labelWidth(t('pets.col.due'), 130, SELECT_END_PX) }}>
        <InputLabel id="pet-filter-due">{t('pets.col.due')}</InputLabel>
        <Select
          labelId="pet-filter-due"
          label={t('pets.col.due')}
          value={value.dueStatus ?? ''}
          onChange={(e) => set({ dueStatus: PET_DUE_STATUSES.find((s) => s === e.target.value) })}
        >
          <MenuItem value="">{t('pets.filters.any')}</MenuItem>
          {PET_DUE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`pets.due.${s}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <TextField
        size="small"
        type="number"
        label={t('pets.filters.ageFrom')}
        value={value.ageFrom ?? ''}
        onChange={(e) => set({ ageFrom: ageValue(e.target.value) })}
        slotProps={{ htmlInput: { min: 0, max: MAX_AGE, inputMode: 'numeric' } }}
        sx={{ width: labelWidth(t('pets.filters.ageFrom')) }}
      />
      <TextField
        size="small"
        type="number"
        label={t('pets.filters.ageTo')}
        value={value.ageTo ?? ''}
        onChange={(e) => set({ ageTo: ageValue(e.target.value) })}
        slotProps={{ htmlInput: { min: 0, max: MAX_AGE, inputMode: 'numeric' } }}
        sx={{ width: labelWidth(t('pets.filters.ageTo')) }}
      />
      {any && (
        <Button size="small" onClick={() => onChange({})}>
          {t('pets.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
