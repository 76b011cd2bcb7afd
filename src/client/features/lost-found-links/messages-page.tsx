import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RELAY_MESSAGE_MAX } from '#shared/found-pets';
import { useBlockSender, useConversation, useReply } from '#client/api/lost-found-links';
import { formatDateTime } from '#client/components/format/dates';
import { UserText } from '#client/components/i18n/bidi';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { LinkPageFrame, LinkState } from '#client/features/lost-found-links/link-page-frame';

/**
 * /messages?token=…: a relay conversation from either side's link. Messages oldest first, a reply, and for the
 * recipient a way to block (and report) the sender. Neither side's address is ever here.
 */
export default function MessagesPage() {
  const { t, i18n } = useTranslation('found');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const conversation = useConversation(token);
  const reply = useReply(token);
  const block = useBlockSender(token);
  const [text, setText] = useState('');
  const [report, setReport] = useState(false);
  const data = conversation.data;
  const about = data?.petName
    ? t('links.messages.aboutPet', { petName: data.petName })
    : t('links.messages.aboutFound');

  return (
    <LinkPageFrame title={t('links.messages.title')}>
      <LinkState token={token} query={conversation} />
      {data && (
        <>
          <Typography>{about}</Typography>
          <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.messages.map((m) => (
              <Paper
                key={m.id}
                component="li"
                variant="outlined"
                sx={{ p: 1.5, alignSelf: m.mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
              >
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {m.mine ? t('links.messages.you') : t(`links.messages.other.${data.other}`)} ·{' '}
                  {formatDateTime(m.sentAt, i18n.language)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>
                  <UserText>{m.body}</UserText>
                </Typography>
                {m.heldBack && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('links.messages.held')}
                  </Typography>
                )}
              </Paper>
            ))}
          </Stack>
          {data.blocked ? (
            <Alert severity="info">{t('links.messages.blocked')}</Alert>
          ) : (
            <Box
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                reply.mutate(text, { onSuccess: () => setText('') });
              }}
            >
              <Stack spacing={1.5}>
                {reply.error && <ErrorLine plain message={errorMessage(reply.error)} />}
                <TextField
                  label={t('links.messages.reply')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: RELAY_MESSAGE_MAX } }}
                  helperText={t('links.messages.private')}
                />
                <Box>
                  <Button type="submit" variant="contained" loading={reply.isPending} disabled={text.trim() === ''}>
                    {t('links.messages.send')}
                  </Button>
                </Box>
              </Stack>
            </Box>
          )}
          {data.role === 'recipient' && !data.blocked && (
            <Stack spacing={1} component="section" aria-label={t('links.messages.block')}>
              {block.error && <ErrorLine plain message={errorMessage(block.error)} />}
              <FormControlLabel
                control={<Checkbox checked={report} onChange={(e) => setReport(e.target.checked)} />}
                label={t('links.messages.report')}
              />
              <Box>
                <Button color="error" variant="outlined" loading={block.isPending} onClick={() => block.mutate(report)}>
                  {t('links.messages.block')}
                </Button>
              </Box>
            </Stack>
          )}
        </>
      )}
    </LinkPageFrame>
  );
}
