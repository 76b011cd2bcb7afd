import { useState } from 'react';
import { Alert, AlertTitle, Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '#client/api/client';
import { formatDateTime } from '#client/components/format/dates';

/** What a versioned edit dialog edits (docs/decisions/0096; owners: issue 32). */
export type EditSubject = 'visit' | 'pet' | 'owner';
/** What a save can be refused over: an edit dialog's record, or a clinic setting (issue 33: decision 0193). */
type ConflictSubject = EditSubject | 'schedule' | 'protocol';

/**
 * A save refused because someone saved the visit, pet, owner or setting after this dialog read it (HTTP 409,
 * docs/decisions/0096): who and when, in the reader's time zone, and a Reload button. The
 * user's edits stay in the form until they reload.
 */
export function ConflictNotice({
  error,
  subject,
  reloading,
  onReload,
}: {
  error: ApiError;
  subject: ConflictSubject;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation('portal');
  const conflict = error.conflict;
  const message =
    conflict && conflict.changedBy && conflict.changedAt
      ? t(`conflict.${subject}ChangedBy`, {
          user: conflict.changedBy,
          time: formatDateTime(conflict.changedAt, i18n.language),
        })
      : t(`conflict.${subject}ChangedElsewhere`);
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={reloading} onClick={onReload}>
          {t('conflict.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('conflict.title')}</AlertTitle>
      {message}
    </Alert>
  );
}

/**
 * After a reload: what the user had typed, read-only, to copy into the fresh form. Nothing of it
 * was saved.
 */
export function UnsavedDraft({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const { t } = useTranslation('portal');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Alert
      severity="info"
      onClose={onDismiss}
      closeText={t('conflict.dismissDraft')}
      sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}
    >
      <AlertTitle>{t('conflict.draftTitle')}</AlertTitle>
      <Stack spacing={1}>
        <span>{t('conflict.draftHelp')}</span>
        <TextField
          value={text}
          multiline
          minRows={2}
          maxRows={10}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'aria-label': t('conflict.draftTitle') } }}
        />
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {copied ? t('conflict.copied') : t('conflict.copy')}
        </Button>
      </Stack>
    </Alert>
  );
}
