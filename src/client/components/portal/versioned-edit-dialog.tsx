import { Fragment, useCallback, useState, type ReactNode } from 'react';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  type Breakpoint,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '#shared/constants';
import type { ApiError } from '#client/api/client';
import { ErrorLine } from '#client/components/states/error-line';
import { ConflictNotice, UnsavedDraft, type EditSubject } from '#client/components/portal/conflict-notice';
import { ConfirmDialog } from '#client/components/portal/confirm-dialog';
import { useBackCloses } from '#client/components/hooks/use-back-closes';

/** What the form inside a VersionedEditDialog gets to handle a save refused over a newer version. */
export interface VersionedEdit {
  /** what the user had typed when their save was refused and they reloaded, to copy from; else null */
  draft: string | null;
  dismissDraft: () => void;
  /** the record is being read again */
  reloading: boolean;
  /** reads the record again (the form starts over from it), keeping `draft`: the form as text */
  reload: (draft: string) => void;
  /**
   * how the shell asks the form whether it holds changes not saved (then closing asks first); the check is called when
   * the user closes, so it reads the form as it is at that moment
   */
  checkUnsaved: (check: () => boolean) => void;
  /** Cancel: closes, asking first when changes are not saved */
  requestClose: () => void;
}

/** The record's query (a TanStack Query result fits). */
interface RecordQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The shell of the portal's versioned edit dialogs (the pet and the visit; docs/decisions/0096): the title with its
 * close button, the record loading or failing to load, then the form, keyed by the version it was read at. A reload
 * after a refused save brings the record as it is now and starts the form again from it, with what the user had
 * typed kept beside it (EditNotices).
 *
 * Changes are never thrown away without a word (issue 36, item 1): with changes not saved, Escape, a click outside, ×,
 * Cancel and Back (a phone's gesture closes the dialog and stays in the portal: useBackCloses) ask first.
 */
export function VersionedEditDialog({
  titleId,
  title,
  subject,
  maxWidth,
  onClose,
  record,
  loadError,
  version,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** what is edited, for the question before discarding changes */
  subject: EditSubject;
  maxWidth: Breakpoint;
  onClose: () => void;
  /** the record's query; null for a new record (nothing to load) */
  record: RecordQuery | null;
  /** the line shown when the record did not load */
  loadError: string;
  /** the version the record was read at */
  version: number | undefined;
  /** the form */
  children: (edit: VersionedEdit) => ReactNode;
}) {
  const { t } = useTranslation('portal');
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [draft, setDraft] = useState<string | null>(null);
  // the form's check, called when the user closes (a state holding a function: set as `() => check`)
  const [unsaved, setUnsavedCheck] = useState<() => boolean>(() => () => false);
  const checkUnsaved = useCallback((check: () => boolean) => setUnsavedCheck(() => check), []);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (unsaved() ? setAsking(true) : onClose());
  useBackCloses(requestClose);
  const edit: VersionedEdit = {
    draft,
    dismissDraft: () => setDraft(null),
    reloading: record?.isFetching ?? false,
    reload: (text) => {
      setDraft(text);
      void record?.refetch();
    },
    checkUnsaved,
    requestClose,
  };
  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>{title}</Box>
        <IconButton aria-label={t('close')} onClick={requestClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {record?.isPending ? (
        <DialogContent dividers sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <CircularProgress aria-label={t('loading')} />
        </DialogContent>
      ) : record?.isError ? (
        <DialogContent dividers>
          <ErrorLine plain message={loadError} />
        </DialogContent>
      ) : (
        // A reload after a refused save starts the form again from the record as it is now.
        <Fragment key={version ?? 0}>{children(edit)}</Fragment>
      )}
      <ConfirmDialog
        open={asking}
        title={t('discard.title')}
        text={t(`discard.${subject}`)}
        yesLabel={t('discard.discard')}
        noLabel={t('discard.keep')}
        onYes={onClose}
        onNo={() => setAsking(false)}
      />
    </Dialog>
  );
}

/**
 * Above the form: the draft kept from a refused save, and the notice of a refused save (who saved, and Reload, which
 * keeps `draftText()`: the form as text).
 */
export function EditNotices({
  edit,
  conflict,
  subject,
  draftText,
}: {
  edit: VersionedEdit;
  conflict: ApiError | null;
  subject: EditSubject;
  draftText: () => string;
}) {
  return (
    <>
      {edit.draft && <UnsavedDraft text={edit.draft} onDismiss={edit.dismissDraft} />}
      {conflict && (
        <ConflictNotice
          error={conflict}
          subject={subject}
          reloading={edit.reloading}
          onReload={() => edit.reload(draftText())}
        />
      )}
    </>
  );
}
