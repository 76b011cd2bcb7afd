import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { Button } from '@mui/material';

interface ImageFilesButtonProps {
  /** the button's text, in the page's language (the browser's own file control would speak its language) */
  label: string;
  icon?: ReactNode;
  multiple?: boolean;
  /** open the camera on a phone rather than the gallery */
  camera?: boolean;
  /** the files picked (an empty choice calls nothing); the same file can be picked again afterwards */
  onPick: (files: File[]) => void;
  inputTestId?: string;
  'aria-describedby'?: string;
}

/**
 * A translated button over a hidden file input that takes images only: every picture upload of Pawtal (the portal's
 * pet photo and visit pictures, a finder's photos) shows this rather than "Choose Files / No file chosen".
 */
export function ImageFilesButton({
  label,
  icon,
  multiple = false,
  camera = false,
  onPick,
  inputTestId,
  'aria-describedby': describedBy,
}: ImageFilesButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length) onPick(files);
  };
  return (
    <>
      <Button variant="outlined" startIcon={icon} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        data-testid={inputTestId}
        type="file"
        accept="image/*"
        multiple={multiple}
        capture={camera ? 'environment' : undefined}
        hidden
        tabIndex={-1}
        onChange={picked}
      />
    </>
  );
}
