import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';

interface LazyDialogButtonProps {
  label: string;
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
  /**
   * The dialog (a lazy component, so its code loads when the button is first pressed), mounted from the first press
   * on: `key` changes with every press, so the form starts empty each time it opens.
   */
  dialog: (props: { key: number; open: boolean; onClose: () => void }) => ReactNode;
}

/** A button that opens a dialog whose code and strings load only when it is first pressed. */
export function LazyDialogButton({ label, variant, startIcon, dialog }: LazyDialogButtonProps) {
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        startIcon={startIcon}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Suspense fallback={null}>{opened > 0 && dialog({ key: opened, open, onClose: () => setOpen(false) })}</Suspense>
    </>
  );
}
