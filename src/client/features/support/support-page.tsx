import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '#client/api/runtime-config';
import { PageLayout } from '#client/components/page/page-layout';
import { BackButton } from '#client/components/page/back-link';
import { telUrl, whatsappUrl } from '#client/components/format/external-links';

function ContactCard({
  icon,
  heading,
  id,
  children,
}: {
  icon: ReactNode;
  heading: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', fontSize: 32 }}>
            {icon}
          </Box>
          <Typography id={id} variant="h2">
            {heading}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** /support: "Contact Us – Yes, We Answer!" with phone, WhatsApp, e-mail and how to delete data. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { supportPhone, supportEmail } = runtimeConfig();
  const chat = whatsappUrl(supportPhone);
  return (
    <PageLayout title={t('pageTitle')} back={{ to: '/' }} maxWidth="md">
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1" sx={{ mb: 1.5 }}>
            {t('heading')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 640 }}>{t('intro')}</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <ContactCard icon={<PhoneOutlined fontSize="inherit" />} heading={t('phone.heading')} id="support-phone">
            <Typography
              component="p"
              dir="ltr"
              sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 2, textAlign: 'start' }}
            >
              {supportPhone}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button href={telUrl(supportPhone)} variant="outlined" startIcon={<PhoneOutlined aria-hidden />}>
                {t('phone.call', { phone: supportPhone })}
              </Button>
              {chat && (
                <Button
                  href={chat}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="contained"
                  startIcon={<WhatsApp aria-hidden />}
                >
                  {t('phone.whatsapp')}
                </Button>
              )}
            </Stack>
          </ContactCard>
          <ContactCard icon={<EmailOutlined fontSize="inherit" />} heading={t('email.heading')} id="support-email">
            <Typography component="p" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 2, overflowWrap: 'anywhere' }}>
              {supportEmail}
            </Typography>
            <Button
              href={`mailto:${supportEmail}`}
              variant="contained"
              startIcon={<EmailOutlined aria-hidden />}
              sx={{ maxWidth: '100%' }}
            >
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {t('email.send', { email: supportEmail })}
              </Box>
            </Button>
          </ContactCard>
        </Stack>
        <ContactCard icon={<DeleteOutline fontSize="inherit" />} heading={t('deletion.heading')} id="support-deletion">
          <Typography>{t('deletion.text')}</Typography>
        </ContactCard>
        <Box>
          <BackButton target={{ to: '/' }} />
        </Box>
      </Stack>
    </PageLayout>
  );
}
