import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { foundPetPath, paths } from '#shared/page-routes';
import { foundPetQuery, useFoundPet } from '#client/api/found-pets';
import { isNotFoundAnswer } from '#client/api/client';
import type { PagePrefetch } from '#client/api/page-data';
import { runtimeConfig } from '#client/api/runtime-config';
import { formatLongDate } from '#client/components/format/dates';
import { useDataTitles } from '#client/components/format/data-titles';
import { Ltr, UserText } from '#client/components/i18n/bidi';
import { FlyerFrame, qrSvgQuery, useQrSvg } from '#client/components/page/flyer-frame';
import { useDocumentTitle } from '#client/components/page/document-title';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { NotFound } from '#client/components/states/not-found';
import { foundPetIdOf } from '#client/features/found-pets/found-facts';
import { useFoundSummary } from '#client/components/format/found-summary';

/** The report's page as the flyer's QR code and line print it (the site's public address). */
const reportUrl = (foundPetId: number) => new URL(foundPetPath(foundPetId), runtimeConfig().publicUrl).href;

/** What the flyer's first render reads: the report, then the QR code to its page. */
export const prefetch: PagePrefetch = async ({ client, params }) => {
  const id = foundPetIdOf(params.id);
  if (id === null) return;
  await client.prefetchQuery(foundPetQuery(id));
  if (client.getQueryData(foundPetQuery(id).queryKey)?.status === 'open')
    await client.prefetchQuery(qrSvgQuery(reportUrl(id)));
};

/**
 * /found/{id}/flyer: a printable "FOUND" flyer of an open report, to post where the pet was found: its photo, what it
 * looks like, the day, the finder's note, and a QR code to the report's page, where its family writes to the finder
 * through the relay (no address or phone number is printed). Server-rendered, so it prints without JavaScript too.
 */
export default function FoundFlyerPage() {
  const { t, i18n } = useTranslation('found');
  const titles = useDataTitles();
  const summary = useFoundSummary();
  const id = foundPetIdOf(useParams().id);
  const found = useFoundPet(id);
  const pet = found.data;
  // only an open report has a flyer: a pet home again needs none
  const open = pet?.status === 'open';
  const page = id === null ? '' : reportUrl(id);
  const qr = useQrSvg(open ? page : '');
  const notFound = id === null || (found.isError && !pet && isNotFoundAnswer(found.error)) || (pet && !open);
  const type = pet ? titles.petType(pet.petTypeId, '') : '';
  useDocumentTitle(open ? t('flyer.pageTitle', { type }) : notFound ? t('common:notFound.title') : t('flyer.title'));

  let sheet: ReactNode;
  if (notFound) sheet = <NotFound message={t('flyer.notOpen')} />;
  else if (found.isError && !pet) sheet = <ErrorLine message={errorMessage(found.error)} />;
  else if (!pet) sheet = <Typography role="status">{t('detail.loading')}</Typography>;
  else {
    const facts: [string, ReactNode][] = [
      [t('detail.what'), summary(pet)],
      ...(pet.petBreed
        ? ([[t('detail.breedGuess'), titles.breed(pet.petBreedId, pet.petBreed)]] as [string, ReactNode][])
        : []),
      [t('detail.foundOn'), formatLongDate(pet.foundDate, i18n.language)],
      ...(pet.note.trim() ? ([[t('detail.note'), <UserText>{pet.note}</UserText>]] as [string, ReactNode][]) : []),
    ];
    sheet = (
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography
          component="h1"
          sx={{ fontSize: { xs: '4rem', sm: '6rem' }, lineHeight: 1, fontWeight: 900, color: '#00574f' }}
        >
          {t('flyer.found')}
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, fontWeight: 800, lineHeight: 1.15 }}
        >
          {summary(pet)}
        </Typography>
        <Box
          component="img"
          src={pet.photos[0]}
          alt={t('detail.photoAlt', { n: 1, what: summary(pet) })}
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
            width: '100%',
            maxWidth: '150mm',
            borderTop: '3px solid #00574f',
            pt: 2,
          }}
        >
          <Box sx={{ textAlign: 'start', flex: 1 }}>
            <Typography sx={{ fontSize: '1.4rem', fontWeight: 800 }}>{t('flyer.isItYours')}</Typography>
            <Typography sx={{ fontSize: '1rem', mt: 1 }}>{t('flyer.scan')}</Typography>
            <Typography sx={{ fontSize: '0.85rem', wordBreak: 'break-all' }}>
              <Ltr>{page}</Ltr>
            </Typography>
          </Box>
          <Box
            role="img"
            aria-label={t('flyer.qrLabel')}
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
      back={{ to: id === null ? paths.found : foundPetPath(id), label: t('flyer.back') }}
      printLabel={open ? t('flyer.print') : null}
      hint={t('flyer.hint')}
    >
      {sheet}
    </FlyerFrame>
  );
}
