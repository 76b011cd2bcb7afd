import { lazy, type ReactNode } from 'react';
import type { ButtonProps } from '@mui/material';
import type { ContactTarget } from '#client/api/lost-found-links';
import type { ContactDialogProps } from '#client/components/relay/contact-dialog';
import { LazyDialogButton } from '#client/components/page/lazy-dialog-button';

// its own chunk: the form, its shared schema (yup) and the found namespace load when the button is first pressed
const ContactDialog = lazy(() => import('#client/components/relay/contact-dialog'));

interface ContactButtonProps extends Pick<ContactDialogProps, 'initialMessage' | 'callOptions'> {
  target: ContactTarget;
  /** in the page's own namespace: the form's texts (namespace found) load only when it first opens */
  label: string;
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
}

/** The button that opens the relay's form; the form starts empty each time it opens. */
export function ContactButton({
  target,
  label,
  variant = 'contained',
  startIcon,
  initialMessage,
  callOptions,
}: ContactButtonProps) {
  return (
    <LazyDialogButton
      label={label}
      variant={variant}
      startIcon={startIcon}
      dialog={({ key, ...dialog }) => (
        <ContactDialog
          key={key}
          target={target}
          initialMessage={initialMessage}
          callOptions={callOptions}
          {...dialog}
        />
      )}
    />
  );
}
