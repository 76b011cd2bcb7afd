import { useEffect, useRef } from 'react';
import { Alert, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface ErrorLineProps {
  /** the failure's message: shown as "Error: {message}" (SPEC.md §8) unless `plain` */
  message: string;
  /** show the message as it is (a form's or dialog's own sentence) */
  plain?: boolean;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}

/** The one way to show an error: in place of a screen's content, or above a form or list. */
export function ErrorLine({ message, plain = false, onClose, sx }: ErrorLineProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  // a message below the fold (a long dialog on a phone) would be announced but not seen: each one is scrolled into
  // sight (scrollIntoView is missing where there is no layout, as in jsdom)
  useEffect(() => {
    // (not returned: newer browsers answer scrollIntoView with a promise, which React would call as a cleanup)
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <Alert
      ref={ref}
      severity="error"
      role="alert"
      onClose={onClose}
      sx={[{ fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {plain ? message : t('errorLine', { message })}
    </Alert>
  );
}

/** The message of an unknown thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}
