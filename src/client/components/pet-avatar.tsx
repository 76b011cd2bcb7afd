import { Avatar } from '@mui/material';
import PetsIcon from '@mui/icons-material/Pets';
import { hasImage } from '#client/components/media';

/** Round pet photo; the paw placeholder when there is no image or it fails to load. */
export function PetAvatar({ src, name, size = 56 }: { src: string | null | undefined; name: string; size?: number }) {
  return (
    <Avatar src={hasImage(src) ? src : undefined} alt={name} sx={{ width: size, height: size, bgcolor: 'primary.light' }}>
      <PetsIcon aria-hidden sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
}

/** Small pet-type icon beside the type's name. */
export function PetTypeIcon({ src }: { src: string | null | undefined }) {
  if (!hasImage(src)) return null;
  return <img src={src} alt="" width={18} height={18} style={{ verticalAlign: 'text-bottom', objectFit: 'contain' }} />;
}
