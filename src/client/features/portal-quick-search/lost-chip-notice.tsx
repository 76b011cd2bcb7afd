import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { petProfilePath } from '#shared/pet-profile-path';
import { useLostPetsByMicrochip } from '#client/api/portal-lost-pets';
import { useVetClinic } from '#client/api/portal-clinic';
import { writeOptions } from '#client/api/portal-session';
import { useDataTitles } from '#client/components/format/data-titles';
import { formatLongDate } from '#client/components/format/dates';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { PetAvatar } from '#client/components/media/pet-avatar';
import { ContactButton } from '#client/components/relay/contact-button';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';

/**
 * What the quick search says of a typed microchip number (issue 34, item 4): whether it belongs to a pet reported
 * lost anywhere on Pawtal. The owner's name and phone only when the pet is this clinic's patient (the server sends
 * them only then); any other owner is reached through the relay ("Tell the owner"), which never shows an address.
 */
export function LostChipNotice({ microChipId }: { microChipId: string }) {
  const { t, i18n } = useTranslation('portal');
  const titles = useDataTitles();
  const lookup = useLostPetsByMicrochip(microChipId);
  const clinic = useVetClinic();

  if (lookup.isError) return <ErrorLine message={errorMessage(lookup.error)} sx={{ mt: 1 }} />;
  if (!lookup.data) return null;
  if (lookup.data.pets.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 1, pt: 1 }} data-testid="lost-chip-none">
        {t('quickSearch.lostChip.none')} <Ltr>{lookup.data.microChipId}</Ltr>
      </Typography>
    );

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {lookup.data.pets.map((pet) => (
        <Alert
          key={pet.petProfileId}
          severity="error"
          icon={false}
          role="region"
          aria-label={t('quickSearch.lostChip.title', { name: pet.petName })}
          sx={{ '& .MuiAlert-message': { width: '100%' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <PetAvatar src={pet.petImage} name={pet.petName} size={48} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{t('quickSearch.lostChip.title', { name: pet.petName })}</Typography>
              <Typography variant="body2">
                <bdi>{titles.breed(pet.petBreedId, pet.petBreed)}</bdi>
                {pet.lostDate && (
                  <> · {t('quickSearch.lostChip.lostOn', { date: formatLongDate(pet.lostDate, i18n.language) })}</>
                )}
                {' · '}
                <Link
                  href={petProfilePath({ publicId: pet.publicId }, 'Lost')}
                  target="_blank"
                  rel="noopener"
                  underline="always"
                >
                  {t('quickSearch.lostChip.profile')}
                </Link>
              </Typography>
              {pet.owner ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('quickSearch.lostChip.yourPatient')} <UserText>{pet.owner.name}</UserText>
                  {pet.owner.phone && (
                    <>
                      {' · '}
                      <Phone>{pet.owner.phone}</Phone>
                    </>
                  )}
                </Typography>
              ) : (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('quickSearch.lostChip.notPatient')}
                </Typography>
              )}
              <Box sx={{ mt: 1 }}>
                <ContactButton
                  target={{ to: 'lostPetOwner', petProfileId: pet.petProfileId }}
                  label={t('quickSearch.lostChip.tell')}
                  variant="outlined"
                  callOptions={writeOptions}
                  initialMessage={t('quickSearch.lostChip.message', {
                    clinic: clinic.data?.name ?? t('quickSearch.lostChip.ourClinic'),
                    name: pet.petName,
                    microChipId: lookup.data.microChipId,
                  })}
                />
              </Box>
            </Box>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
