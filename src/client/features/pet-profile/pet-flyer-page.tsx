import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { petProfilePath } from '#shared/pet-profile-path';
import { petDetailsQuery, usePetDetails } from '#client/api/pet-profile-queries';
import type { PagePrefetch } from '#client/api/page-data';
import { runtimeConfig } from '#client/api/runtime-config';
import { isNotFoundAnswer } from '#client/api/client';
import { useDocumentTitle } from '#client/components/page/document-title';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { NotFound } from '#client/components/states/not-found';
import { formatLongDate } from '#client/components/format/dates';
import { profileUrl } from '#client/features/pet-profile/profile-url';
import { Ltr, UserText } from '#client/components/i18n/bidi';
import { useDataTitles } from '#client/components/format/data-titles';
import { FlyerFrame, qrSvgQuery, useQrSvg } from '#client/components/page/flyer-frame';

const flyerPet = (publicId: string) => ({ publicId, petProfileId: '', latitude: 0, longitude: 0, fix: 0 });

/** What the flyer's first render reads: the pet, then (for a lost pet) the QR code to its profile. */
export const prefetch: PagePrefetch = async ({ client, search }) => {
  const publicId = search.get('publicId')?.trim() ?? '';
  if (!publicId) return;
  const details = petDetailsQuery(flyerPet(publicId));
  await client.prefetchQuery(details);
  const pet = client.getQueryData(details.queryKey);
  if (pet?.isLost) await client.prefetchQuery(qrSvgQuery(profileUrl(runtimeConfig().publicUrl, pet.publicId)));
};

/**
 * /Pets/Flyer?publicId=…: a printable "LOST" flyer for a lost pet, from what its public profile
 * shows: photo, name, breed, age, last seen date and place, reward, contact phone, and a QR code
 * to the profile. Server-rendered, so it prints without JavaScript too.
 */
export default function PetFlyerPage() {
  const { t, i18n } = useTranslation('pet');
  const titles = useDataTitles();
  const [params] = useSearchParams();
  const publicId = params.get('publicId')?.trim() ?? '';
  const details = usePetDetails(flyerPet(publicId), publicId !== '');
  const pet = details.data;
  const profile = pet ? profileUrl(runtimeConfig().publicUrl, pet.publicId) : '';
  const qr = useQrSvg(pet?.isLost ? profile : '');
  const notFound = details.isError && !pet && isNotFoundAnswer(details.error);
  // Only a lost pet has a flyer: any other pet, like an unknown ID, is a "not found" page (HTTP 404).
  useDocumentTitle(
    pet
      ? pet.isLost
        ? t('flyer.pageTitle', { name: pet.petName })
        : t('flyer.notLostTitle', { name: pet.petName })
      : notFound
        ? t('common:notFound.title')
        : t('flyer.title'),
  );

  let sheet;
  if (!publicId) sheet = <ErrorLine message={t('missingId')} />;
  else if (notFound) sheet = <NotFound message={t('common:notFound.pet')} />;
  else if (details.isError && !pet) sheet = <ErrorLine message={errorMessage(details.error)} />;
  else if (!pet) sheet = <Typography role="status">{t('loading')}</Typography>;
  else if (!pet.isLost)
    sheet = (
      <NotFound
        heading={t('flyer.notLostTitle', { name: pet.petName })}
        message={t('flyer.notLost', { name: pet.petName })}
      />
    );
  else {
    const lost = pet.lostPetDetails;
    const na = t('notAvailable');
    const phone = lost?.contactPhoneNumber?.trim() || pet.ownderContactPhone?.trim() || '';
    // what people wrote (place, reward) keeps its own direction: "200 USD" stays so in Arabic
    const facts: [string, ReactNode][] = [
      [t('breed'), pet.petBreed ? titles.breed(pet.petBreedId, pet.petBreed) : na],
      [t('age'), t('flyer.years', { count: pet.age })],
      [t('flyer.lastSeen'), lost?.lostDate ? formatLongDate(lost.lostDate, i18n.language) : na],
      [t('flyer.place'), lost?.address?.trim() ? <UserText>{lost.address}</UserText> : na],
      [t('lost.reward'), lost?.reward?.trim() ? <UserText>{lost.reward}</UserText> : t('lost.notSpecified')],
    ];
    sheet = (
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography
          component="h1"
          sx={{
            fontSize: { xs: '4rem', sm: '6rem' },
            lineHeight: 1,
            fontWeight: 900,
            letterSpacing: '0.06em',
            color: '#c62828',
          }}
        >
          {t('flyer.lost')}
        </Typography>
        <Typography component="p" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, fontWeight: 800, lineHeight: 1.1 }}>
          <UserText>{pet.petName}</UserText>
        </Typography>
        <Box
          component="img"
          src={pet.petImage}
          alt={t('photoAlt', { name: pet.petName })}
          fetchPriority="high"
          sx={{
            width: '100%',
            maxWidth: '150mm',
            maxHeight: '95mm',
            objectFit: 'cover',
            borderRadius: '12px',
            border: '1px solid #ccc',
          }}
        />
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            textAlign: 'start',
            fontSize: '1.15rem',
            width: '100%',
            maxWidth: '150mm',
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 700 }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        <Stack
          direction="row"
          spacing={3}
          sx={{
            alignItems: 'center',
            justifyContent: 'center',
            width: '100%',
            maxWidth: '150mm',
            borderTop: '3px solid #c62828',
            pt: 2,
          }}
        >
          <Box sx={{ textAlign: 'start', flex: 1 }}>
            <Typography sx={{ fontSize: '1.1rem', fontWeight: 700 }}>{t('flyer.call')}</Typography>
            <Typography sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 800 }}>
              {phone ? <Ltr>{phone}</Ltr> : na}
            </Typography>
            <Typography sx={{ fontSize: '0.95rem', mt: 1 }}>{t('flyer.scan')}</Typography>
            <Typography sx={{ fontSize: '0.85rem', wordBreak: 'break-all' }}>
              <Ltr>{profile}</Ltr>
            </Typography>
          </Box>
          <Box
            role="img"
            aria-label={t('flyer.qrLabel', { name: pet.petName })}
            data-testid="flyer-qr"
            sx={{
              width: '42mm',
              height: '42mm',
              flexShrink: 0,
              '& svg': { width: '100%', height: '100%', display: 'block' },
            }}
            dangerouslySetInnerHTML={qr.data ? { __html: qr.data } : undefined}
          />
        </Stack>
      </Stack>
    );
  }

  return (
    <FlyerFrame
      back={{ to: petProfilePath({ publicId }), label: t('flyer.back') }}
      printLabel={pet?.isLost ? t('flyer.print') : null}
      hint={t('flyer.hint')}
    >
      {sheet}
    </FlyerFrame>
  );
}
