import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession, startSession } from '#client/api/portal-session';
import { jsonAnswer, renderPortal } from '#tests/support/portal-test-render';
import PetFormDialog from '#client/features/portal-pets/pet-form-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('none');
  localStorage.clear();
});

describe('PetFormDialog', () => {
  it('shows the seven required-field messages under their fields, and refuses a non-image file', async () => {
    startSession(
      {
        token: 't',
        users: [{ ID: 1, Name: 'Dr A', Role: 'admin' }],
        pettypes: [{ ID: 1, Title: 'Dog', HostLink: 'http://h/media/', Image: 'dog.png' }],
        currentUserId: 1,
        twoFactorSetupRequired: false,
      },
      'u',
    );
    const fetchMock = vi.fn(async () => jsonAnswer({ result: 1, message: '', data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await renderPortal(<PetFormDialog petProfileId={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Pet' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Create Pet' }));
    for (const message of [
      'Pet name is required',
      'Pet type is required',
      'Breed is required',
      'Owner name is required',
      'Owner phone is required',
      'Gender is required',
      'Date of birth is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Owner Email', { selector: 'label' })).toBeInTheDocument();

    const input = within(dialog).getByTestId('pet-image') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only image files are allowed');
  }, 30_000);
});
