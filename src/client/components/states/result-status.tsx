import { useCallback } from 'react';
import { Alert, type AlertProps } from '@mui/material';

/**
 * The outcome of a page's one action (a request sent, reminders stopped), shown in place of the button that was
 * pressed. It takes the focus when `focus` says the action just happened: the pressed button is gone, and the focus
 * would otherwise fall back to the page's start, leaving a keyboard or screen reader user nowhere.
 */
export function ResultStatus({ focus, children }: Pick<AlertProps, 'children'> & { focus: boolean }) {
  // stable, so a later render does not take the focus back from wherever the user moved it
  const takeFocus = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  return (
    <Alert role="status" severity="success" tabIndex={focus ? -1 : undefined} ref={focus ? takeFocus : undefined}>
      {children}
    </Alert>
  );
}
