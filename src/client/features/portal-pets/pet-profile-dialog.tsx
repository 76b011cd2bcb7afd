import type { ReactNode } from 'react';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Tab,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import ActivityIcon from '@mui/icons-material/DirectionsRun';
import HeartIcon from '@mui/icons-material/FavoriteBorder';
import DropIcon from '@mui/icons-material/WaterDropOutlined';
import MedicalIcon from '@mui/icons-material/MedicalServicesOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { PetHistory } from '#client/features/portal-pets/pet-history';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { useQuantity } from '#client/components/format/quantity';
import { formatAge } from '#client/components/format/age';
import { useTranslation } from 'react-i18next';
import { ABOUT_CATEGORY_ID, CATEGORY_TYPE_WEIGHT, MAX_PAGE_SIZE, MOBILE_BREAKPOINT_PX } from '#shared/constants';
import type { VetPetDetails } from '#shared/contract/vet';
import { useVetPetDetails, useVetPetVisits } from '#client/api/portal-pets';
import { useVisitsDetails } from '#client/api/portal-wellness';
import { useWellnessCategories } from '#client/api/pet-profile-queries';
import { PetAvatar, PetTypeIcon } from '#client/components/media/pet-avatar';
import { formatLongDate } from '#client/components/format/dates';
import {
  categoryIcon,
  categoryTypesFromVisits,
  withAbout,
  type CategoryIcon,
} from '#client/features/portal-pets/profile-records';
import { ErrorLine } from '#client/components/states/error-line';
import { FittedTabs } from '#client/components/page/fitted-tabs';
import { PetVisitHistory } from '#client/features/portal-pets/pet-visit-history';
import { CertificateLink } from '#client/components/portal/print-links';
import { useBackCloses } from '#client/components/hooks/use-back-closes';

const WeightOverTime = lazy(() =>
  import('#client/components/weight/weight-over-time').then((m) => ({ default: m.WeightOverTime })),
);

const ICONS: Record<CategoryIcon, typeof InfoIcon> = {
  info: InfoIcon,
  activity: ActivityIcon,
  heart: HeartIcon,
  drop: DropIcon,
  other: MedicalIcon,
};
/** The History tab's value beside the categories' ids (which are positive). */
const HISTORY_TAB = -1;

/** Pet Profile modal (SPEC.md §2): details, wellness categories with records, visit history. */
export default function PetProfileDialog({ petProfileId, onClose }: { petProfileId: number; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);
  const pet = useVetPetDetails(petProfileId);
  useBackCloses(onClose);
  return (
    // wide enough at a desk for every category tab in each language (they scroll on a phone)
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="pet-profile-title"
      slotProps={{ paper: { sx: { maxWidth: { lg: 1024 } } } }}
    >
      <DialogTitle id="pet-profile-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>{pet.data ? pet.data.petName : t('profile.title')}</Box>
        <IconButton aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {pet.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        ) : pet.isError ? (
          <ErrorLine plain message={t('profile.loadFailed')} />
        ) : (
          <Profile pet={pet.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Profile({ pet }: { pet: VetPetDetails }) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const quantity = useQuantity();
  const categories = useWellnessCategories(true);
  const [categoryId, setCategoryId] = useState(ABOUT_CATEGORY_ID);
  const [typeId, setTypeId] = useState<number | null>(null);
  const tabs = withAbout(categories.data ?? [], t('profile.about'));

  // The records a clinic wrote come from its visits of this pet (the public category-types call needs the owner's
  // public ID).
  const allVisits = useVetPetVisits(pet.petProfileId, 1, MAX_PAGE_SIZE);
  const visitIds = useMemo(() => (allVisits.data?.visits ?? []).map((v) => v.id), [allVisits.data]);
  const isCategory = categoryId !== ABOUT_CATEGORY_ID && categoryId !== HISTORY_TAB;
  const detailQueries = useVisitsDetails(visitIds, isCategory);
  const detailsLoading = isCategory && (allVisits.isPending || detailQueries.some((q) => q.isPending));
  const detailsFailed = allVisits.isError || detailQueries.some((q) => q.isError);
  const loaded = detailQueries.flatMap((q) => (q.data ? [q.data] : []));
  const types = !isCategory || detailsLoading ? [] : categoryTypesFromVisits(loaded, categoryId);
  const selectedType = types.find((ty) => ty.id === typeId) ?? types[0];

  const about: Array<[string, ReactNode]> = [
    [t('profile.dob'), formatLongDate(pet.dob, i18n.language) || t('notAvailable')],
    [t('profile.age'), pet.age === null ? t('notAvailable') : formatAge(t, pet.age, pet.dob)],
    [
      t('profile.gender'),
      pet.petGenderId === 1 ? t('pets.form.male') : pet.petGenderId === 2 ? t('pets.form.female') : t('notAvailable'),
    ],
    [
      t('profile.weight'),
      pet.weightValue ? (
        <bdi>{quantity(pet.weightValue, pet.weightUnitId, pet.weight.slice(pet.weightValue.length).trim())}</bdi>
      ) : (
        pet.weight || t('notAvailable')
      ),
    ],
    [
      t('profile.sterilized'),
      pet.isSterilized === null ? t('pets.form.unknown') : pet.isSterilized ? t('pets.form.yes') : t('pets.form.no'),
    ],
    [t('profile.bloodType'), pet.bloodType ? <Ltr>{pet.bloodType}</Ltr> : t('notAvailable')],
    [t('profile.microchip'), pet.microChipId ? <Ltr>{pet.microChipId}</Ltr> : t('notAvailable')],
    [t('pets.col.owner'), <UserText>{pet.ownerNameForVet}</UserText>],
    [t('pets.col.phone'), <Phone>{pet.ownerPhoneForVet}</Phone>],
    [t('pets.col.email'), pet.ownerEmailForVet ? <Ltr>{pet.ownerEmailForVet}</Ltr> : t('notAvailable')],
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <PetAvatar src={pet.petImage} name={pet.petName} size={80} />
        <Box>
          <Typography component="h3" variant="h2">
            <UserText>{pet.petName}</UserText>
          </Typography>
          <Typography color="text.secondary">
            <PetTypeIcon src={pet.petTypeImage} /> <bdi>{titles.petType(pet.petTypeId, pet.petType)}</bdi> ·{' '}
            <bdi>{titles.breed(pet.petBreedId, pet.petBreed)}</bdi>
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <CertificateLink petProfileId={pet.petProfileId} />
      </Stack>
      {categories.isError && <ErrorLine plain message={t('profile.loadFailed')} />}
      <FittedTabs
        value={categoryId}
        onChange={(_e, v: number) => {
          setCategoryId(v);
          setTypeId(null);
        }}
        aria-label={t('profile.categories')}
      >
        {tabs.map((c) => {
          const Icon = ICONS[categoryIcon(c.id)];
          return (
            <Tab
              key={c.id}
              value={c.id}
              icon={<Icon />}
              iconPosition="start"
              label={c.id === ABOUT_CATEGORY_ID ? c.title : titles.category(c.id, c.title)}
            />
          );
        })}
        <Tab value={HISTORY_TAB} icon={<HistoryIcon />} iconPosition="start" label={t('history.title')} />
      </FittedTabs>
      <Box role="tabpanel">
        {categoryId === HISTORY_TAB ? (
          <PetHistory petProfileId={pet.petProfileId} petTypeId={pet.petTypeId} />
        ) : categoryId === ABOUT_CATEGORY_ID ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: 1,
              m: 0,
            }}
          >
            {about.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : detailsFailed ? (
          <ErrorLine plain message={t('profile.typesFailed')} />
        ) : detailsLoading ? (
          <CircularProgress aria-label={t('loading')} />
        ) : types.length === 0 ? (
          <Typography color="text.secondary">{t('profile.noRecords')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ flexWrap: 'wrap', rowGap: 1 }}
              role="group"
              aria-label={t('profile.types')}
            >
              {types.map((ty) => (
                <Chip
                  key={ty.id}
                  label={titles.recordType(ty.id, t('notAvailable'))}
                  color={selectedType?.id === ty.id ? 'primary' : 'default'}
                  aria-pressed={selectedType?.id === ty.id}
                  onClick={() => setTypeId(ty.id)}
                />
              ))}
            </Stack>
            {selectedType?.id === CATEGORY_TYPE_WEIGHT && selectedType.records.length > 0 && (
              <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
                <WeightOverTime
                  headingComponent="h4"
                  records={selectedType.records.map((r) => ({
                    id: r.id,
                    date: r.actionDate,
                    value: r.recordValue,
                    unit: r.unitOfMeasure,
                  }))}
                />
              </Suspense>
            )}
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {selectedType?.records.map((r) => (
                <Card key={r.id} variant="outlined">
                  <CardContent>
                    <Typography sx={{ fontWeight: 600 }}>
                      <bdi>
                        {quantity(
                          titles.recordValue(selectedType.id, r.recordValue),
                          r.unitOfMeasureId,
                          r.unitOfMeasure,
                        )}
                      </bdi>
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatLongDate(r.actionDate, i18n.language)}
                      {r.vetName && (
                        <>
                          {' · '}
                          <UserText>{r.vetName}</UserText>
                        </>
                      )}
                    </Typography>
                    {r.nextReminderDate && (
                      <Typography variant="body2">
                        {t('profile.nextReminder', { date: formatLongDate(r.nextReminderDate, i18n.language) })}
                      </Typography>
                    )}
                    {r.notes && (
                      <UserText component="p" sx={{ typography: 'body2', m: 0, whiteSpace: 'pre-line' }}>
                        {r.notes}
                      </UserText>
                    )}
                    {r.imagePath && (
                      <Box
                        component="img"
                        src={r.imagePath}
                        alt={r.notes || t('editVisit.picture')}
                        sx={{ mt: 1, width: '100%', maxHeight: 160, objectFit: 'cover', borderRadius: 2 }}
                      />
                    )}
                  </CardContent>
                </Card>
              ))}
            </Box>
          </Stack>
        )}
      </Box>
      <PetVisitHistory pet={pet} />
    </Stack>
  );
}
