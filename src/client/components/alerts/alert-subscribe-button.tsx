import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';

// its own chunk: the form, the map picker and the found namespace load when the button is first pressed
const AlertSubscribeDialog = lazy(() => import('#client/components/alerts/alert-subscribe-dialog'));

interface AlertSubscribeButtonProps {
  /** in the page's own namespace: the form's texts (namespace found) load only when it first opens */
  label: string;
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
}

/** The Lost Pets and Found listings' "Alert me" button; the form starts empty each time it opens. */
export function AlertSubscribeButton({ label, variant = 'outlined', startIcon }: AlertSubscribeButtonProps) {
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
      <Suspense fallback={null}>
        {opened > 0 && <AlertSubscribeDialog key={opened} open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
