import { lazy, Suspense, useState } from 'react';
import { Box, ButtonBase, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CATEGORY_TYPE_WEIGHT } from '#shared/constants';
import type { WellnessCategory, WellnessCategoryType, WellnessRecord } from '#shared/contract/wellness';
import { useWellnessCategoryTypes } from '#client/api/pet-profile-queries';
import { CardGrid } from '#client/components/lists/card-grid';
import { EmptyState } from '#client/components/states/empty-state';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { useQuantity } from '#client/components/format/quantity';
import { UserText } from '#client/components/i18n/bidi';

// Both load only when used: a record type is chosen after the page has loaded, a picture when it is opened.
const WeightOverTime = lazy(() =>
  import('#client/components/weight/weight-over-time').then((m) => ({ default: m.WeightOverTime })),
);
const PictureViewer = lazy(() =>
  import('#client/components/media/picture-viewer').then((m) => ({ default: m.PictureViewer })),
);

function RecordCard({
  record,
  typeId,
  typeTitle,
  onOpenPicture,
}: {
  record: WellnessRecord;
  typeId: number;
  typeTitle: string;
  onOpenPicture: (url: string, alt: string) => void;
}) {
  const { t, i18n } = useTranslation('pet');
  const titles = useDataTitles();
  const quantity = useQuantity();
  const date = formatLongDate(record.actionDate, i18n.language);
  const value = quantity(titles.recordValue(typeId, record.recordValue), record.unitOfMeasureId, record.unitOfMeasure);
  const imagePath = record.image ? record.imagePath : null;
  const alt = t('wellness.recordImageAlt', { type: typeTitle, date });
  return (
    <Card sx={{ width: '100%' }} data-testid="record-card">
      {imagePath && (
        <ButtonBase
          onClick={() => onOpenPicture(imagePath, alt)}
          aria-label={t('wellness.enlargePicture', { type: typeTitle, date })}
          sx={{ display: 'block', width: '100%' }}
        >
          <ImageWithFallback src={imagePath} alt={alt} sx={{ aspectRatio: '4 / 3' }} />
        </ButtonBase>
      )}
      <CardContent>
        <Typography component="h4" variant="subtitle2" sx={{ color: 'text.secondary' }}>
          <time dateTime={record.actionDate}>{date}</time>
        </Typography>
        {value && (
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', mt: 0.5, overflowWrap: 'anywhere' }}>
            <bdi>{value}</bdi>
          </Typography>
        )}
        {record.notes.trim() && (
          <UserText
            component="p"
            sx={{ mt: 1, mb: 0, typography: 'body2', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {record.notes}
          </UserText>
        )}
      </CardContent>
    </Card>
  );
}

function Records({ type }: { type: WellnessCategoryType }) {
  const { t } = useTranslation('pet');
  const typeTitle = useDataTitles().recordType(type.id, type.title);
  const [picture, setPicture] = useState<{ url: string; alt: string } | null>(null);
  return (
    <Stack spacing={4}>
      {type.id === CATEGORY_TYPE_WEIGHT && type.records.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
          <WeightOverTime
            records={type.records.map((r) => ({
              id: r.id,
              date: r.actionDate,
              value: r.recordValue,
              unit: r.unitOfMeasure,
            }))}
          />
        </Suspense>
      )}
      <section aria-labelledby="records-heading">
        <Typography id="records-heading" variant="h3" sx={{ mb: 2 }}>
          {t('wellness.recordsHeading', { type: typeTitle })}
        </Typography>
        {type.records.length === 0 ? (
          <EmptyState message={t('wellness.noRecords')} />
        ) : (
          <CardGrid variant="provider" label={t('wellness.recordsHeading', { type: typeTitle })}>
            {type.records.map((record) => (
              <RecordCard
                key={record.id}
                record={record}
                typeId={type.id}
                typeTitle={typeTitle}
                onOpenPicture={(url, alt) => setPicture({ url, alt })}
              />
            ))}
          </CardGrid>
        )}
      </section>
      {picture && (
        <Suspense fallback={null}>
          <PictureViewer url={picture.url} alt={picture.alt} onClose={() => setPicture(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** A wellness category: its record types as pills; the chosen type's records as cards. */
export function WellnessTab(props: {
  petId: number;
  publicId: string;
  category: WellnessCategory;
  typeId: number | null;
  onTypeChange: (typeId: number) => void;
}) {
  const { t } = useTranslation('pet');
  const titles = useDataTitles();
  const types = useWellnessCategoryTypes({
    petId: props.petId,
    publicId: props.publicId,
    categoryId: props.category.id,
  });

  if (types.isPending) {
    return (
      <Stack direction="row" spacing={1} role="status" aria-label={t('wellness.loadingTypes')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" width={96} height={32} sx={{ borderRadius: 16 }} />
        ))}
      </Stack>
    );
  }
  if (types.isError) return <ErrorLine message={errorMessage(types.error)} />;

  const list = types.data;
  const selected = list.find((type) => type.id === props.typeId) ?? null;
  return (
    <Stack spacing={3}>
      <Typography variant="h2">{titles.category(props.category.id, props.category.title)}</Typography>
      {list.length === 0 ? (
        <EmptyState message={t('wellness.noTypes')} />
      ) : (
        <Box role="group" aria-label={t('wellness.typesLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {list.map((type) => {
            const active = type.id === selected?.id;
            return (
              <Chip
                key={type.id}
                label={titles.recordType(type.id, type.title)}
                clickable
                color="primary"
                variant={active ? 'filled' : 'outlined'}
                aria-pressed={active}
                onClick={() => props.onTypeChange(type.id)}
                sx={{ fontWeight: 600, px: 0.5 }}
              />
            );
          })}
        </Box>
      )}
      {list.length > 0 && !selected && (
        <Typography sx={{ color: 'text.secondary' }}>{t('wellness.chooseType')}</Typography>
      )}
      {selected && <Records type={selected} />}
    </Stack>
  );
}
