import { Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import type { PetDetails } from '#shared/contract/pets';
import { readColour } from '#client/components/format/colour-name';
import { DetailList } from '#client/features/pet-profile/detail-list';
import { orNotAvailable } from '#client/features/pet-profile/format';
import { formatLongDate } from '#client/components/format/dates';
import { whatsappUrl } from '#client/components/format/external-links';
import { Ltr, Phone, UserText } from '#client/components/i18n/bidi';
import { useQuantity } from '#client/components/format/quantity';

function ColorValue({ color, notAvailable }: { color: string | null; notAvailable: string }) {
  const { t } = useTranslation('pet');
  const text = orNotAvailable(color, notAvailable);
  if (text === notAvailable) return <>{text}</>;
  // One way for every pet: a readable name in the visitor's language, with a swatch when the value can be painted.
  const { key, paint } = readColour(text);
  const name = key ? t(`common:colours.${key}`) : text;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {paint && (
        <Box
          component="span"
          role="img"
          aria-label={t('about.colorSwatch', { color: name })}
          data-testid="color-swatch"
          sx={{
            width: 20,
            height: 20,
            borderRadius: '50%',
            bgcolor: paint,
            border: 1,
            borderColor: 'divider',
            flexShrink: 0,
          }}
        />
      )}
      <bdi>{name}</bdi>
    </Box>
  );
}

/** About: the pet's fields ("N/A" when missing), Pet Owner Info and the description. */
export function AboutTab({ pet }: { pet: PetDetails }) {
  const { t, i18n } = useTranslation('pet');
  const quantity = useQuantity();
  const na = t('notAvailable');
  const neutered = pet.isSterilized === null ? na : pet.isSterilized ? t('yes') : t('no');
  const chat = whatsappUrl(pet.ownderContactPhone);
  const phone = orNotAvailable(pet.ownderContactPhone, na);
  const email = orNotAvailable(pet.ownerContactEmail, na);

  return (
    <Stack spacing={3}>
      <section aria-labelledby="about-heading">
        <Typography id="about-heading" variant="h2" sx={{ mb: 2 }}>
          {t('about.heading', { name: pet.petName })}
        </Typography>
        <DetailList
          items={[
            { label: t('about.birthdate'), value: pet.dob ? formatLongDate(pet.dob, i18n.language) : na },
            {
              label: t('about.weight'),
              value: pet.weightValue ? (
                <bdi>
                  {quantity(pet.weightValue, pet.weightUnitId, pet.weight?.slice(pet.weightValue.length).trim() ?? '')}
                </bdi>
              ) : (
                orNotAvailable(pet.weight, na)
              ),
            },
            { label: t('about.gender'), value: t(`gender.${pet.petGender}`, { defaultValue: pet.petGender }) },
            { label: t('about.color'), value: <ColorValue color={pet.color} notAvailable={na} /> },
            { label: t('about.microchip'), value: pet.microChipId?.trim() ? <Ltr>{pet.microChipId}</Ltr> : na },
            { label: t('about.publicId'), value: pet.publicId.trim() ? <Ltr>{pet.publicId}</Ltr> : na },
            { label: t('about.neutered'), value: neutered },
            { label: t('about.bloodType'), value: pet.bloodType?.trim() ? <Ltr>{pet.bloodType}</Ltr> : na },
          ]}
        />
      </section>
      <Divider />
      <section aria-labelledby="owner-heading">
        <Typography id="owner-heading" variant="h2" sx={{ mb: 2 }}>
          {t('owner.heading')}
        </Typography>
        <DetailList
          items={[
            { label: t('owner.name'), value: pet.ownerName.trim() ? <UserText>{pet.ownerName}</UserText> : na },
            {
              label: t('owner.phone'),
              value:
                phone === na ? (
                  na
                ) : (
                  <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                    <Phone>{phone}</Phone>
                  </Link>
                ),
            },
            {
              label: t('owner.email'),
              value:
                email === na ? (
                  na
                ) : (
                  <Link href={`mailto:${email}`}>
                    <Ltr>{email}</Ltr>
                  </Link>
                ),
            },
          ]}
        />
        {chat && (
          <Button
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            startIcon={<WhatsApp aria-hidden />}
            sx={{ mt: 2 }}
          >
            {t('owner.chat')}
          </Button>
        )}
      </section>
      <Divider />
      <section aria-labelledby="description-heading">
        <Typography id="description-heading" variant="h2" sx={{ mb: 1 }}>
          {t('about.description')}
        </Typography>
        {pet.description?.trim() ? (
          <UserText component="p" sx={{ m: 0, whiteSpace: 'pre-line', color: 'text.primary' }}>
            {pet.description}
          </UserText>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('about.noDescription')}</Typography>
        )}
      </section>
    </Stack>
  );
}
