import { Box, Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PetType } from '#shared/contract/general';
import { ImageWithFallback } from '#client/components/media/image-with-fallback';
import { useDataTitles } from '#client/components/format/data-titles';

interface PetTypePickerProps {
  types: PetType[] | undefined;
  loading: boolean;
  selected: number;
  onSelect: (id: number) => void;
}

/**
 * Pet-type buttons, each with its icon and title; the chosen one is pressed. They wrap onto a second line rather than
 * scroll sideways: a scrolling row cut the last button's title at the screen's edge ("Kaninc…", issue 36).
 */
export function PetTypePicker({ types, loading, selected, onSelect }: PetTypePickerProps) {
  const { t } = useTranslation('directory');
  const titles = useDataTitles();
  return (
    <Box role="group" aria-label={t('petTypes.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pb: 0.5 }}>
      {loading
        ? Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" width={112} height={48} sx={{ flexShrink: 0 }} />
          ))
        : (types ?? []).map((type) => {
            const active = type.id === selected;
            return (
              <Button
                key={type.id}
                variant={active ? 'contained' : 'outlined'}
                aria-pressed={active}
                onClick={() => onSelect(type.id)}
                sx={{
                  flexShrink: 0,
                  gap: 1,
                  borderRadius: '999px',
                  px: 2,
                  minHeight: 48,
                  bgcolor: active ? undefined : 'background.paper',
                }}
              >
                <ImageWithFallback
                  src={type.image}
                  alt=""
                  placeholder="pet"
                  loading="eager"
                  sx={{ width: 28, height: 28, borderRadius: '50%', objectFit: 'contain', bgcolor: 'transparent' }}
                />
                {titles.petType(type.id, type.title)}
              </Button>
            );
          })}
    </Box>
  );
}
