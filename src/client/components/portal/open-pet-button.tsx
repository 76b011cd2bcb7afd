import type { ReactNode } from 'react';
import { ButtonBase } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A card's pet header as a button: opens the pet's profile ("Open the profile of Rex"). */
export function OpenPetButton({
  petName,
  onClick,
  children,
}: {
  petName: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <ButtonBase
      onClick={onClick}
      title={t('visits.openPet', { name: petName })}
      sx={{
        width: '100%',
        justifyContent: 'flex-start',
        textAlign: 'start',
        borderRadius: 2,
        p: 0.5,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </ButtonBase>
  );
}
