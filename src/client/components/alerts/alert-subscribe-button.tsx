import { lazy, type ReactNode } from 'react';
import type { ButtonProps } from '@mui/material';
import { LazyDialogButton } from '#client/components/page/lazy-dialog-button';

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
  return (
    <LazyDialogButton
      label={label}
      variant={variant}
      startIcon={startIcon}
      dialog={({ key, ...dialog }) => <AlertSubscribeDialog key={key} {...dialog} />}
    />
  );
}
