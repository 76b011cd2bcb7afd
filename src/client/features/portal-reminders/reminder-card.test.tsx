import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { VetReminder } from '#shared/contract/vet';
import { ReminderCard } from '#client/features/portal-reminders/reminder-card';
import { renderWithApp } from '#tests/support/render-with-app';

const reminder = (ownerEmailForVet: string, notices: VetReminder['notices'] = []): VetReminder => ({
  id: 1,
  petName: 'Rex',
  age: 3,
  petType: 'Dog',
  petTypeId: 1,
  petTypeImage: '',
  petBreed: 'Beagle',
  petBreedId: 2,
  ownerNameForVet: 'Paula Navarro',
  ownerPhoneForVet: '+34 600 000 000',
  ownerEmailForVet,
  nextReminderDate: '2026-12-01',
  recordValue: 'Rabies',
  petImage: '',
  petProfileId: 1,
  categoryTypeId: 9,
  deliveryStatus: 'noEmail',
  deliveryError: null,
  notices,
  reminderState: 'open',
  snoozedUntil: null,
  reminderVersion: 0,
});

const WARNING = /Not an e-mail address: reminders cannot be e-mailed to this owner/;

describe('ReminderCard', { timeout: 20_000 }, () => {
  it('marks an owner whose e-mail mail cannot go to (issue 36)', async () => {
    await renderWithApp(<ReminderCard r={reminder('not-an-email')} onMark={() => undefined} />, {
      namespaces: ['portal'],
    });
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('says nothing of a real address', async () => {
    await renderWithApp(<ReminderCard r={reminder('paula@example.com')} onMark={() => undefined} />, {
      namespaces: ['portal'],
    });
    expect(await screen.findByText('paula@example.com')).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('lists the notices the schedule sent, with their stage and day (issue 33)', async () => {
    const notices = [
      { stage: -14, sentAt: '2026-11-17T09:00:00.000Z' },
      { stage: 0, sentAt: '2026-12-01T09:00:00.000Z' },
    ];
    await renderWithApp(<ReminderCard r={reminder('paula@example.com', notices)} onMark={() => undefined} />, {
      namespaces: ['portal'],
    });
    const list = await screen.findByRole('list', { name: 'Notices sent' });
    expect(list).toHaveTextContent('14 days before: November 17, 2026');
    expect(list).toHaveTextContent('On the due day: December 1, 2026');
  });

  it('shows no notices list before the schedule sent any', async () => {
    await renderWithApp(<ReminderCard r={reminder('paula@example.com')} onMark={() => undefined} />, {
      namespaces: ['portal'],
    });
    await screen.findByText('paula@example.com');
    expect(screen.queryByRole('list', { name: 'Notices sent' })).toBeNull();
  });
});
