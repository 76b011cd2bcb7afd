import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmailField } from '#client/components/forms/email-field';
import { RELAY_MESSAGE_MAX } from '#shared/found-pets';
import type { CallOptions } from '#client/api/client';
import { useContact, type ContactTarget } from '#client/api/lost-found-links';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';

export interface ContactDialogProps {
  target: ContactTarget;
  open: boolean;
  onClose: () => void;
  /** the message the form starts with (the clinic's "Tell the owner" offers one naming the clinic) */
  initialMessage?: string;
  /** a portal call's session (TellLostPetOwner) */
  callOptions?: () => CallOptions;
}

/**
 * "Contact the owner" / "Contact the finder" (ContactOwner, ContactFinder; docs/decisions/0152): a message and the
 * sender's e-mail. Pawtal e-mails it on with a reply link, so neither side sees the other's address; the first time
 * an address writes, a link confirms it before the message goes.
 */
export default function ContactDialog({ target, open, onClose, initialMessage = '', callOptions }: ContactDialogProps) {
  const { t } = useTranslation('found');
  const [message, setMessage] = useState(initialMessage);
  const [email, setEmail] = useState('');
  const contact = useContact(target, callOptions);
  const title = t(`contact.title.${target.to}`);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-dialog-title">
      <DialogTitle id="contact-dialog-title">{title}</DialogTitle>
      {contact.data ? (
        <DialogContent>
          <Alert severity="success" role="status">
            {t(`contact.result.${contact.data.status}`)}
          </Alert>
        </DialogContent>
      ) : (
        <DialogContent>
          <Stack
            component="form"
            id="contact-form"
            noValidate
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              contact.mutate({ message, email });
            }}
          >
            <TextField
              label={t('contact.message')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: RELAY_MESSAGE_MAX } }}
              helperText={t(`contact.messageHelp.${target.to}`)}
            />
            <EmailField
              label={t('contact.email')}
              value={email}
              onChange={setEmail}
              helperText={t('contact.emailHelp')}
            />
            {contact.error && <ErrorLine plain message={t(errorMessage(contact.error))} />}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{contact.data ? t('contact.done') : t('contact.cancel')}</Button>
        {!contact.data && (
          <Button type="submit" form="contact-form" variant="contained" loading={contact.isPending}>
            {t('contact.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
