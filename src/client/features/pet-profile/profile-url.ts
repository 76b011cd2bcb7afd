import { petProfilePath } from '#shared/pet-profile-path';

/** The public profile's address (the flyer's QR code and the Share button open it). */
export function profileUrl(publicUrl: string, publicId: string): string {
  return publicUrl + petProfilePath({ publicId });
}
