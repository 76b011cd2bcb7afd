import { useEffect, useRef, useState } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { hasImage } from '#client/components/media/media';

export type PlaceholderKind = 'pet' | 'provider' | 'shelter';

const placeholders: Record<PlaceholderKind, string> = {
  pet: '/placeholders/pet.svg',
  provider: '/placeholders/provider.svg',
  shelter: '/placeholders/shelter.svg',
};

/** Props for a picture in view when the page opens (likely its largest paint): no lazy loading, fetched first. */
export const firstPaintImage = { loading: 'eager', fetchPriority: 'high' } as const;

/** How many cards of a listing get firstPaintImage: the first row on a phone and most of it on a desktop. */
export const FIRST_PAINT_CARDS = 2;

interface ImageWithFallbackProps {
  src: string | null | undefined;
  /** describes the picture; pass "" for a decorative image */
  alt: string;
  placeholder?: PlaceholderKind;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture most likely to be the page's largest paint */
  fetchPriority?: 'high' | 'low' | 'auto';
}

/** An image that shows a placeholder when it is missing or fails to load (SPEC.md §8). */
export function ImageWithFallback({
  src,
  alt,
  placeholder = 'pet',
  sx,
  loading = 'lazy',
  fetchPriority,
}: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = !hasImage(src) || failedSrc === src;
  const imageRef = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before the page is hydrated, when no onError listener is attached yet.
  useEffect(() => {
    const image = imageRef.current;
    if (!missing && src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [missing, src]);
  const shown = missing ? placeholders[placeholder] : (src as string);
  return (
    <Box
      component="img"
      ref={imageRef}
      src={shown}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      data-placeholder={missing ? 'true' : undefined}
      onError={() => {
        if (!missing && src) setFailedSrc(src);
      }}
      sx={[
        { display: 'block', width: '100%', objectFit: 'cover', bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
