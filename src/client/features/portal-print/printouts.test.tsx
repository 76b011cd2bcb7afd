import { describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
import { screen, within } from '@testing-library/react';
import type { VetClinic, VetPetDetails, VetVisitDetails, WellnessRecord } from '#shared/contract/vet';
import { Certificate, certificateVaccinations } from '#client/features/portal-print/certificate';
import { VisitSummary } from '#client/features/portal-print/visit-summary';
import { renderWithApp } from '#tests/support/render-with-app';
import i18n from '#client/app/i18n';
import { SheetLanguage } from '#client/features/portal-print/sheet-language';

const clinic: VetClinic = {
  name: 'Harbour Vets',
  address: '1 Quay Road\n\nPort Town',
  phone: '+44 20 7946 0000',
  language: 'en',
  email: '',
  contactVersion: 1,
};

const pet: VetPetDetails = {
  petProfileId: 7,
  petName: 'Pepper',
  age: 3,
  petType: 'Cat',
  petTypeId: 2,
  petTypeImage: '',
  petBreed: 'Siamese',
  petBreedId: 3,
  petGender: 'Female',
  petGenderId: 2,
  version: 1,
  ownerNameForVet: 'Ana Owner',
  ownerPhoneForVet: '+1 555 0100',
  ownerEmailForVet: '',
  dob: '2022-03-04',
  isSterilized: true,
  bloodType: '',
  microChipId: '',
  color: '#1b1b1b',
  weight: '',
  weightValue: null,
  weightUnitId: null,
  petImage: '',
};

let nextId = 1;
function record(typeId: number, patch: Partial<WellnessRecord>): WellnessRecord {
  nextId += 1;
  return {
    ID: nextId,
    PetProfileId: 7,
    CreatedDate: '2026-01-01T10:00:00Z',
    ActionDate: '2026-01-01',
    VetVisitID: 3,
    NextReminderDate: null,
    WellnessPropertyValue: '',
    PetWellnessCategoryTypeId: typeId,
    GenUnitOfMeasureId: null,
    VetName: 'Dr. Who',
    ImagePath: '',
    ImageHostLink: '/media/',
    Notes: '',
    isDeleted: false,
    ...patch,
  };
}

describe('certificateVaccinations', () => {
  it('lists each vaccination once, newest first, without deleted ones', () => {
    const old = record(9, { ActionDate: '2025-05-01', WellnessPropertyValue: 'Rabies' });
    const recent = record(9, { ActionDate: '2026-02-01', WellnessPropertyValue: 'FVRCP' });
    const deleted = record(9, { ActionDate: '2026-03-01', isDeleted: true });
    expect(
      certificateVaccinations([
        [old, recent],
        [recent, deleted],
      ]).map((r) => r.ID),
    ).toEqual([recent.ID, old.ID]);
  });
});

/** A line in the interface's language, beside the sheet. */
function InterfaceText() {
  const { t } = useTranslation('portal');
  return <p>{t('print.print')}</p>;
}

describe('the printouts', () => {
  it('the certificate names the clinic, the pet in the user’s words and each vaccination; "N/A" for what is unknown', async () => {
    const vaccinations = [
      record(9, { WellnessPropertyValue: 'Rabies', ActionDate: '2026-02-01', NextReminderDate: '2027-02-01' }),
    ];
    await renderWithApp(<Certificate clinic={clinic} pet={pet} vaccinations={vaccinations} issued="2026-03-05" />, {
      language: 'es',
      namespaces: ['portal'],
    });
    const letterhead = await screen.findByTestId('letterhead');
    // address lines as written, blank lines dropped
    expect(within(letterhead).getAllByText(/Quay Road|Port Town/)).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Certificado de vacunación');
    expect(screen.getByText('Gato')).toBeInTheDocument();
    expect(screen.getByText('Hembra')).toBeInTheDocument();
    // the colour's name, not its code
    expect(screen.getByText('Negro')).toBeInTheDocument();
    expect(screen.getByText('Microchip').nextElementSibling).toHaveTextContent('N/D');
    const row = screen.getByRole('table', { name: 'Vacunas' }).querySelectorAll('tbody tr')[0];
    expect(row).toHaveTextContent('Rabia');
    expect(row).toHaveTextContent('1 de febrero de 2026');
    expect(row).toHaveTextContent('1 de febrero de 2027');
    expect(row).toHaveTextContent('Dr. Who');
    expect(screen.getAllByText(/5 de marzo de 2026/).length).toBeGreaterThan(0);
  });

  it("a sheet in the owner's language (French) while the interface stays English; Arabic right to left", async () => {
    const vaccinations = [
      record(9, { WellnessPropertyValue: 'Rabies', ActionDate: '2026-02-01', NextReminderDate: '2027-02-01' }),
    ];
    const { rerender } = await renderWithApp(
      <>
        <InterfaceText />
        <SheetLanguage language="fr">
          <Certificate clinic={clinic} pet={pet} vaccinations={vaccinations} issued="2026-03-05" />
        </SheetLanguage>
      </>,
      { language: 'en', namespaces: ['portal'] },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificat de vaccination' })).toBeInTheDocument();
    expect(screen.getByText('Print')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(screen.getByText('Chat')).toBeInTheDocument();
    expect(screen.getByText('Femelle')).toBeInTheDocument();
    const row = screen.getByRole('table', { name: 'Vaccinations' }).querySelectorAll('tbody tr')[0];
    expect(row).toHaveTextContent('Rage');
    expect(row).toHaveTextContent('1 février 2026');
    expect(screen.getByTestId('sheet-language')).toHaveAttribute('lang', 'fr');
    rerender(
      <SheetLanguage language="ar">
        <Certificate clinic={clinic} pet={pet} vaccinations={vaccinations} issued="2026-03-05" />
      </SheetLanguage>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'شهادة تطعيم' })).toBeInTheDocument();
    expect(screen.getByTestId('sheet-language')).toHaveAttribute('dir', 'rtl');
  });

  it('the visit summary leaves out what the visit has none of, and shows its pictures from the visit answer', async () => {
    const details: VetVisitDetails = {
      visit: { ID: 3, PetProfileID: 7, VetUserID: 1, Notes: '', VisitDate: '2026-03-01', isFinished: true, Version: 1 },
      petProfile: [pet],
      petWellnessRecords: {
        weight: {
          records: [record(1, { WellnessPropertyValue: '4.25', GenUnitOfMeasureId: 2 })],
          unitOfMeasures: [
            { id: 1, title: 'kg' },
            { id: 2, title: 'lb' },
          ],
        },
        vaccinations: [],
        antiparasitics: [record(10, { WellnessPropertyValue: 'Flea Treatment' })],
        consultations: [record(17, { WellnessPropertyValue: 'Cough', Notes: 'Rest for a week.' })],
        pictures: [
          record(18, { ImagePath: 'visits/a.webp', Notes: 'Left ear' }),
          record(18, { ImagePath: 'visits/b.webp', isDeleted: true }),
        ],
      },
    };
    await renderWithApp(<VisitSummary clinic={clinic} details={details} vetName="Dr. Who" printed="2026-03-05" />, {
      namespaces: ['portal'],
    });
    await screen.findByTestId('visit-summary');
    expect(screen.queryByRole('heading', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Vaccinations' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Antiparasitic treatments' })).toBeInTheDocument();
    expect(screen.getByText('Weight').nextElementSibling).toHaveTextContent('4.25 lb');
    expect(screen.getByText('Rest for a week.')).toBeInTheDocument();
    const pictures = screen.getAllByRole('img');
    expect(pictures.map((p) => p.getAttribute('src'))).toEqual(['/media/visits/a.webp']);
    expect(pictures[0]).toHaveAccessibleName('Left ear');
  });
});
