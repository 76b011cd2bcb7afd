import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '#shared/page-routes';
import { runtimeConfig } from '#client/api/runtime-config';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { useTranslation } from 'react-i18next';
import type { LostPetDetails } from '#shared/contract/pets';
import { MAP_ZOOM, PET_MAP_HEIGHT_PX } from '#shared/constants';
import { MapView } from '#client/components/map/map-view';
import { DetailList, type DetailItem } from '#client/features/pet-profile/detail-list';
import { formatLongDate } from '#client/components/format/dates';
import { profileUrl } from '#client/features/pet-profile/profile-url';
import { Ltr, UserText } from '#client/components/i18n/bidi';
import { ContactButton } from '#client/components/relay/contact-button';

interface LostPanelProps {
  petName: string;
  publicId: string;
  details: LostPetDetails | null;
  onClose: () => void;
  onHelpFind: () => void;
  /** the finder's answer after Help Find Pet, shown beside the button the visitor used */
  answers: ReactNode;
}

/**
 * "Lost Pet Information": last seen, contact, location, reward, notes and a map at the lost place. "Contact the owner"
 * (the relay, no address shown either way) comes first; the contact line shows only a number the owner chose to give.
 */
export function LostPanel({ petName, publicId, details, onClose, onHelpFind, answers }: LostPanelProps) {
  const { t, i18n } = useTranslation('pet');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const [shareNote, setShareNote] = useState('');

  // The Web Share API where the browser has it (phones), else the link is copied.
  const share = async () => {
    const url = profileUrl(runtimeConfig().publicUrl, publicId);
    setShareNote('');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('flyer.shareTitle', { name: petName }),
          text: t('flyer.shareText', { name: petName }),
          url,
        });
      } catch {
        // closed by the visitor: nothing to report
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setShareNote(t('flyer.copied'));
    } catch {
      setShareNote(t('flyer.copyFailed', { url }));
    }
  };

  const na = t('notAvailable');
  const contact = details?.contactPhoneNumber?.trim() ?? '';
  const items: DetailItem[] = [
    { label: t('lost.lastSeen'), value: details?.lostDate ? formatLongDate(details.lostDate, i18n.language) : na },
    {
      label: t('lost.contact'),
      value: contact ? (
        <Link href={`tel:${contact.replace(/[^\d+]/g, '')}`}>
          <Ltr>{contact}</Ltr>
        </Link>
      ) : (
        na
      ),
    },
    { label: t('lost.location'), value: details?.address?.trim() ? <UserText>{details.address}</UserText> : na },
    {
      label: t('lost.reward'),
      value: details?.reward?.trim() ? <UserText>{details.reward}</UserText> : t('lost.notSpecified'),
    },
  ];
  if (details?.notes?.trim()) items.push({ label: t('lost.notes'), value: <UserText>{details.notes}</UserText> });
  const hasMap =
    details?.latitude !== null &&
    details?.latitude !== undefined &&
    details.longitude !== null &&
    details.longitude !== undefined;

  return (
    <Paper
      component="section"
      aria-labelledby="lost-panel-heading"
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderColor: 'error.main', borderWidth: 2, position: 'relative' }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography
          id="lost-panel-heading"
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          sx={{ color: 'error.main', outline: 'none' }}
        >
          {t('lost.heading')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('lost.close')} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DetailList items={items} columns={1} />
          <Stack direction="row" sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
            <ContactButton
              target={{ to: 'owner', publicId }}
              label={t('lost.contactOwner')}
              startIcon={<EmailOutlined aria-hidden />}
            />
            <Button
              variant="contained"
              color="secondary"
              startIcon={<VolunteerActivismOutlined aria-hidden />}
              onClick={onHelpFind}
            >
              {t('lost.helpFind')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PrintOutlined aria-hidden />}
              component={RouterLink}
              to={`${paths.petFlyer}?publicId=${encodeURIComponent(publicId)}`}
            >
              {t('flyer.printFlyer')}
            </Button>
            <Button variant="outlined" startIcon={<ShareOutlined aria-hidden />} onClick={() => void share()}>
              {t('flyer.share')}
            </Button>
          </Stack>
          <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>{answers}</Box>
          <Typography
            role="status"
            variant="body2"
            sx={{ mt: 1, minHeight: '1.5em', color: 'text.secondary', wordBreak: 'break-all' }}
          >
            {shareNote}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {hasMap ? (
            <MapView
              latitude={details.latitude as number}
              longitude={details.longitude as number}
              zoom={MAP_ZOOM}
              height={PET_MAP_HEIGHT_PX}
              label={t('lost.mapLabel', { name: petName })}
            />
          ) : (
            <Typography role="status" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
              {t('lost.noMap')}
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
