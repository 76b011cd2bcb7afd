import { describe, expect, it } from 'vitest';
import { contactFinderForm, contactOwnerForm, foundReportForm } from '#shared/forms/lost-found-forms';
import { parsePayload } from '#shared/forms/payload-form';

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

describe('the relay forms', () => {
  it('ask for the sender’s address without speaking of a report', async () => {
    expect(
      await messageOf(parsePayload(contactOwnerForm, { publicId: 'DEMO0002', message: 'Seen her', email: '' })),
    ).toBe('found:validation.emailNeeded');
    expect(await messageOf(parsePayload(contactFinderForm, { foundPetId: 3, message: 'Mine?', email: ' ' }))).toBe(
      'found:validation.emailNeeded',
    );
  });

  it('take a message, trimmed, with a deliverable address', async () => {
    await expect(
      parsePayload(contactFinderForm, { foundPetId: 3, message: ' Mine? ', email: 'me@example.org' }),
    ).resolves.toEqual({ foundPetId: 3, message: 'Mine?', email: 'me@example.org' });
    expect(
      await messageOf(parsePayload(contactFinderForm, { foundPetId: 3, message: '', email: 'me@example.org' })),
    ).toBe('found:validation.messageRequired');
  });

  it('the found report still says its address confirms the report', async () => {
    const message = await messageOf(
      parsePayload(foundReportForm, {
        petTypeId: 1,
        colors: ['black'],
        size: 'small',
        latitude: 38.7,
        longitude: -9.1,
        foundDate: new Date().toISOString().slice(0, 10),
        note: '',
        email: '',
      }),
    );
    expect(message).toBe('found:validation.emailRequired');
  });
});
