import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PetDetails } from '#shared/contract/pets';
import PetProfilePage from '#client/features/pet-profile/pet-profile-page';
import { jsonAnswer, renderWithApp } from '#tests/support/render-with-app';

const basePet: PetDetails = {
  petId: 7,
  petName: 'Biscuit',
  age: 5,
  petBreed: 'Golden Retriever',
  petBreedId: 35,
  petTypeId: 1,
  petImage: 'http://x/media/pets/dog.webp',
  dob: '2021-04-18',
  weight: null,
  weightValue: null,
  weightUnitId: null,
  petGender: 'Male',
  color: null,
  microChipId: '',
  publicId: 'PUB7',
  isSterilized: null,
  bloodType: null,
  description: null,
  isLost: false,
  isForAdoption: false,
  isRecordsPrivate: false,
  ownerName: 'demo.owner',
  ownderContactPhone: '+1 (555) 010-0200',
  ownerContactEmail: null,
  petSkills: [],
  lostPetDetails: null,
};

const categories = [
  { id: 2, title: 'Activity' },
  { id: 5, title: 'Grooming & Hygiene' },
];

const types = [
  {
    id: 2,
    title: 'Daily Walk',
    records: [
      {
        id: 1,
        actionDate: '2025-03-05',
        recordValue: '3.5',
        unitOfMeasure: 'km',
        unitOfMeasureId: 3,
        notes: 'Along the river',
        image: false,
        imagePath: null,
      },
    ],
  },
];

function serve(pet: PetDetails) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const data = url.includes('GetPetDetailsByPublicId')
      ? pet
      : url.includes('GetPetWellnessCategoryTypes')
        ? types
        : url.includes('GetPetWellnessCategories')
          ? categories
          : null;
    return jsonAnswer({ result: 1, message: '', data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The browser's location service as it answers after the visitor agreed (a stand-in for the browser's own API). */
function browserLocation(answer: { position: [number, number] } | { errorCode: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('position' in answer)
      ok({ coords: { latitude: answer.position[0], longitude: answer.position[1] } } as GeolocationPosition);
    else
      fail?.({
        code: answer.errorCode,
        message: 'refused',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('PetProfilePage', { timeout: 20_000 }, () => {
  it('shows About, Skills and the category tabs, with N/A for missing fields and a digits-only chat link', async () => {
    const calls = serve(basePet);
    await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route: '/Pets/Details?publicId=PUB7&isFrom=Home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Biscuit' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Grooming & Hygiene' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'About',
      'Skills',
      'Activity',
      'Grooming & Hygiene',
    ]);

    const panel = screen.getByRole('tabpanel');
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(value('Weight')).toBe('N/A');
    expect(value('Microchip ID')).toBe('N/A');
    expect(value('Neutered')).toBe('N/A');
    expect(value('Contact e-mail')).toBe('N/A');
    expect(value('Birthdate')).toBe('April 18, 2021');
    expect(within(panel).getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/15550100200',
    );

    const first = new URL(calls.find((c) => c.includes('GetPetDetailsByPublicId')) as string, 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      petProfileId: '',
      publicId: 'PUB7',
      profileNeeded: '',
      latitude: '0',
      longitude: '0',
    });
  });

  it('hides the category tabs when the records are private (and never asks for the categories)', async () => {
    const calls = serve({ ...basePet, isRecordsPrivate: true });
    await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route: '/Pets/Details?publicId=PUB7&isFrom=Home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Biscuit' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['About', 'Skills']);
    expect(calls.some((c) => c.includes('GetPetWellnessCategories'))).toBe(false);
  });

  it('a category shows its types as pills, a type its records with long US dates; About clears the choice', async () => {
    const calls = serve(basePet);
    await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route: '/Pets/Details?publicId=PUB7&isFrom=Home' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const pill = await screen.findByRole('button', { name: 'Daily Walk' });
    const typesCall = new URL(calls.find((c) => c.includes('GetPetWellnessCategoryTypes')) as string, 'http://x');
    expect(Object.fromEntries(typesCall.searchParams)).toEqual({ petProfile: '7', publicId: 'PUB7', categoryId: '2' });
    await user.click(pill);
    expect(pill).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('March 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('3.5 km')).toBeInTheDocument();
    expect(screen.getByText('Along the river')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'About' }));
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Choose a record type to see its records.')).toBeInTheDocument();
    expect(screen.queryByText('March 5, 2025')).not.toBeInTheDocument();
  });

  it('the location prompt says, in Spanish too, that the owner will see the position', async () => {
    serve({ ...basePet, isLost: true });
    await renderWithApp(<PetProfilePage />, {
      namespaces: ['pet'],
      route: '/Pets/Details?publicId=PUB7&isFrom=Lost',
      language: 'es',
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('el dueño de la mascota verá tu posición en un mapa');
  });

  it('adoption mode: a disabled "Adopt Me!", and no lost button even for a lost pet', async () => {
    serve({ ...basePet, isForAdoption: true, isLost: true });
    await renderWithApp(<PetProfilePage />, {
      namespaces: ['pet'],
      route: '/Pets/Details?petProfileId=7&isFrom=Adoption',
    });
    expect(await screen.findByRole('button', { name: 'Adopt Me!' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Pet is Lost' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a lost pet asks for the location once, with the text of SPEC.md; declining keeps 0,0', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = serve({ ...basePet, isLost: true });
    await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route: '/Pets/Details?publicId=PUB7&isFrom=Lost' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Help the owner of this pet find their lost pet by allowing location access.');
    // Consent to what really happens: the owner sees the position (on the sightings map, with its time).
    expect(dialog).toHaveTextContent("the pet's owner will see your position on a map, with the time you shared it");
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(warn).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.includes('GetPetDetailsByPublicId'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pet is Lost' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it('"Not now" is remembered: not asked again on reload nor for another lost pet, until Help Find Pet', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lostPet = {
      ...basePet,
      isLost: true,
      lostPetDetails: {
        lostDate: '2026-03-05',
        contactPhoneNumber: '',
        address: 'Hyde Park',
        reward: null,
        notes: null,
        latitude: null,
        longitude: null,
      },
    };
    serve(lostPet);
    const user = userEvent.setup({ delay: null });
    const first = await renderWithApp(<PetProfilePage />, {
      namespaces: ['pet'],
      route: '/Pets/Details?publicId=PUB7&isFrom=Lost',
    });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    // a reload of the page, then another lost pet
    for (const route of ['/Pets/Details?publicId=PUB7&isFrom=Lost', '/Pets/Details?publicId=PUB8&isFrom=Lost']) {
      serve({ ...lostPet, publicId: route.includes('PUB8') ? 'PUB8' : 'PUB7' });
      const again = await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route });
      await screen.findByRole('button', { name: 'Pet is Lost' });
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      if (route.includes('PUB8')) {
        await user.click(screen.getByRole('button', { name: 'Pet is Lost' }));
        await user.click(screen.getByRole('button', { name: 'Help Find Pet' }));
        expect(await screen.findByRole('dialog')).toHaveTextContent('You can still share later with Help Find Pet');
      }
      again.unmount();
    }
    warn.mockRestore();
  });

  it('a browser that refuses location after Help Find Pet: a message says so and how to share', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const getCurrentPosition = browserLocation({ errorCode: 1 });
    serve({ ...basePet, isLost: true });
    await renderWithApp(<PetProfilePage />, { namespaces: ['pet'], route: '/Pets/Details?publicId=PUB7&isFrom=Lost' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Allow location access' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    const message = await screen.findByTestId('location-problem');
    expect(message).toHaveTextContent('Your browser blocks location for this site');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(message).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('location-problem')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pet is Lost' }));
    await user.click(screen.getByRole('button', { name: 'Help Find Pet' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Allow location access' }));
    expect(await screen.findByTestId('location-problem')).toHaveTextContent('choose Help Find Pet again');
    error.mockRestore();
  });

  it('in Spanish: translated tabs, reference titles and long dates', async () => {
    serve(basePet);
    await renderWithApp(<PetProfilePage />, {
      namespaces: ['pet'],
      route: '/Pets/Details?publicId=PUB7&isFrom=Home',
      language: 'es',
    });
    expect(await screen.findByRole('tab', { name: 'Actividad' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Información' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('18 de abril de 2021')).toBeInTheDocument();
    expect(screen.getAllByText('No disponible').length).toBeGreaterThan(0);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Actividad' }));
    await user.click(await screen.findByRole('button', { name: 'Paseo diario' }));
    expect(screen.getByText('5 de marzo de 2025')).toBeInTheDocument();
  });
});
