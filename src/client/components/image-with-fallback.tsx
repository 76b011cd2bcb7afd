import { useEffect, useRef, useState } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

export type PlaceholderKind = 'pet' | 'provider' | 'shelter';

const placeholders: Record<PlaceholderKind, string> = {
  pet: '/placeholders/pet.svg',
  provider: '/placeholders/provider.svg',
  shelter: '/placeholders/shelter.svg',
};

/** True when there is no usable image: empty, or only the bare storage base address (".../media/"). */
export function isMissingImage(src: string | null | undefined): boolean {
  const value = src?.trim() ?? '';
  if (value === '') return true;
  return /\/media\/?$/i.test(value.split(/[?#]/)[0]);
}

interface ImageWithFallbackProps {
  src: string | null | undefined;
  /** describes the picture; pass "" for a decorative image */
  alt: string;
  placeholder?: PlaceholderKind;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
}

/** An image that shows a placeholder when it is missing or fails to load (SPEC.md §8). */
export function ImageWithFallback({ src, alt, placeholder = 'pet', sx, loading = 'lazy' }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = isMissingImage(src) || failedSrc === src;
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
      decoding="async"
      data-placeholder={missing ? 'true' : undefined}
      onError={() => {
        if (!missing && src) setFailedSrc(src);
      }}
      sx={[{ display: 'block', width: '100%', objectFit: 'cover', bgcolor: 'action.hover' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
