import { paths } from '#client/app/paths';

/** The public profile's address (the flyer's QR code and the Share button open it). */
export function profileUrl(publicUrl: string, publicId: string): string {
  return `${publicUrl}${paths.petDetails}?publicId=${encodeURIComponent(publicId)}`;
}
