import type { ParsedMail } from 'mailparser';
import { axeOf } from '#tests/e2e/support/axe';
import { createClinicPet, createClinicVisit } from '#tests/e2e/support/clinic-data';
import { clinicStorageState, storedPortalSession } from '#tests/e2e/support/clinic-session';
import { expect, test, type Page } from '#tests/e2e/support/test';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';

/** Demo Clinic's stored portal session (the page's too), for calls made the way the portal makes them. */
function portalCalls(page: Page) {
  const session = storedPortalSession();
  const headers = { authorization: `Bearer ${session.token}`, 'x-vet-user-id': String(session.users[0].ID) };
  const answer = async <T>(res: Awaited<ReturnType<Page['request']['get']>>, what: string): Promise<T> => {
    const body = (await res.json()) as { result: number; message: string; data: T };
    expect(body.result, `${what}: ${body.message}`).toBe(1);
    return body.data;
  };
  return {
    userId: session.users[0].ID,
    get: async <T>(url: string) => answer<T>(await page.request.get(url, { headers }), url),
    post: async <T>(url: string, data: object) => answer<T>(await page.request.post(url, { headers, data }), url),
    multipart: async <T>(url: string, json: object) =>
      answer<T>(await page.request.post(url, { headers, multipart: { json: JSON.stringify(json) } }), url),
  };
}

/**
 * A pet of a new owner who reads `language`, with a vaccination due on a day no other spec uses, its reminder sent
 * by the clinic: the e-mail the SMTP server received.
 */
async function reminderEmailTo(page: Page, language: string, email: string, ownerName: string): Promise<ParsedMail> {
  const api = portalCalls(page);
  const petName = `Unsub ${language} ${Date.now().toString(36)}`;
  const petProfileId = await createClinicPet(page.request, {
    petName,
    ownerNameForVet: ownerName,
    ownerPhoneForVet: '+1 555 0100 818',
    ownerEmailForVet: email,
    petDateOfBirth: '2021-02-03',
  });
  const pet = await api.get<{ ownerId: number }>(`/api/VetPets/GetVetPetDetails?petProfileId=${petProfileId}`);
  const owner = await api.get<{ ID: number; version: number; name: string; phone: string; notes: string }>(
    `/api/VetPets/GetVetOwnerDetails?ownerId=${pet.ownerId}`,
  );
  await api.post('/api/VetPets/SaveVetOwner', {
    ownerId: owner.ID,
    version: owner.version,
    name: owner.name,
    phone: owner.phone,
    email,
    language,
    remindersByEmail: true,
    notes: owner.notes,
  });
  const today = new Date().toISOString().slice(0, 10);
  const vetVisitId = await createClinicVisit(page.request, petProfileId, today);
  const visit = (
    await api.get<{ visit: { Version: number; VisitDate: string } }>(
      `/api/VetPets/GetVetVisitDetails?vetVisitId=${vetVisitId}`,
    )
  ).visit;
  // a day of its own in 2035 (this spec's languages never share one), so Send reminders sends this one only
  const due = new Date(Date.UTC(2035, 0, 1) + ((Date.now() / 1000) % 300) * 86_400_000 + (language === 'fr' ? 0 : 1))
    .toISOString()
    .slice(0, 10);
  await api.multipart('/api/VetPets/SaveVetVisit', {
    petId: petProfileId,
    vetVisitId,
    version: visit.Version,
    vetUserId: api.userId,
    visitDate: visit.VisitDate,
    notes: '',
    isFinished: false,
    weight: [],
    vaccinations: [{ title: 'Rabies', date: today, nextReminderDate: due }],
    antiparasitics: [],
    consultations: [],
    pictures: [],
  });
  const before = (await receivedMail()).length;
  const sent = await api.post<{ queued: number }>('/api/VetPets/SendVetReminders', { date: due });
  expect(sent.queued).toBeGreaterThanOrEqual(1);
  return waitForMail((m) => m.to !== undefined && JSON.stringify(m.to).includes(email), before);
}

const LANGUAGES = [
  {
    code: 'fr',
    dir: 'ltr',
    title: 'Ne plus recevoir les rappels',
    footer: 'Ne plus recevoir les rappels de cette clinique',
    done: 'C’est fait : Demo Clinic ne vous enverra plus de rappels par e-mail.',
    already: 'Vous êtes déjà désinscrit : Demo Clinic ne vous envoie pas de rappels par e-mail.',
  },
  {
    code: 'ar',
    dir: 'rtl',
    title: 'إيقاف رسائل التذكير',
    footer: 'إيقاف رسائل التذكير من هذه العيادة',
    done: 'تم: لن ترسل إليك Demo Clinic رسائل تذكير بعد الآن.',
    already: 'أنت غير مشترك بالفعل: لا ترسل إليك Demo Clinic رسائل تذكير.',
  },
];

test.describe('A reminder e-mail’s unsubscribe link', () => {
  // Demo Clinic signed in (the owner's browser is another, without a session); no test here tests the login
  test.use({ storageState: clinicStorageState() });

  for (const language of LANGUAGES) {
    test(`opens /Unsubscribe in the owner's language (${language.code}), one click turns reminders off, the clinic sees it`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const stamp = Date.now().toString(36);
      const email = `unsub.${language.code}.${stamp}@example.org`;
      const ownerName = `Unsubscriber ${language.code} ${stamp}`;
      const mail = await reminderEmailTo(page, language.code, email, ownerName);
      // as sent (mailparser folds List-* headers into one object): header lines, unfolded
      const header = (name: string) =>
        mail.headerLines
          .find((h) => h.key === name)
          ?.line.replace(/\r?\n[ \t]+/g, ' ')
          .replace(/^[^:]+:\s*/, '');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(/^<http:\/\/[^>]+\/api\/Owners\/UnsubscribeReminders\?token=[\w-]+>$/);
      const html = String(mail.html);
      expect(html).toContain(language.footer);
      const href = /href="([^"]*\/Unsubscribe\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      expect(href).toBeTruthy();
      expect(href).not.toContain('@');

      // the owner opens it in a browser of their own, with no session
      const ownerContext = await browser.newContext();
      const owner = await ownerContext.newPage();
      await owner.goto(href!);
      await expect(owner.locator('html')).toHaveAttribute('lang', language.code);
      await expect(owner.locator('html')).toHaveAttribute('dir', language.dir);
      await expect(owner.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
      await expect(owner.getByText('Demo Clinic', { exact: false }).first()).toBeVisible();
      const result = await axeOf(owner);
      expect(result.violations.map((v) => v.id)).toEqual([]);
      await owner.getByRole('button', { name: language.title }).click();
      await expect(owner.getByRole('status')).toContainText(language.done);
      // the pressed button is gone: the answer has the focus (it fell back to the page's start)
      await expect(owner.getByRole('status')).toBeFocused();

      // answered again: already unsubscribed, no button
      await owner.reload();
      await expect(owner.getByRole('status')).toContainText(language.already);
      await expect(owner.getByRole('button', { name: language.title })).toHaveCount(0);
      await ownerContext.close();

      // the clinic sees it on the owner: the dialog's consent is off
      await page.goto('/Dashboard');
      await page.getByRole('tab', { name: 'Owners' }).click();
      await page.getByRole('searchbox', { name: 'Search owners' }).fill(ownerName);
      const row = page.getByRole('row', { name: new RegExp(ownerName) });
      await expect(row).toContainText('Opted out');
      await expect(page.getByText('Total Owners: 1')).toBeVisible();
      const dialog = page.getByRole('dialog', { name: 'Owner' });
      // the grid may draw its rows again as the search settles: a click on the row it replaced opens nothing
      await expect(async () => {
        await row.getByRole('button', { name: `Open owner ${ownerName}` }).click();
        await expect(dialog).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      await expect(dialog.getByRole('checkbox', { name: 'Agrees to reminder e-mails' })).not.toBeChecked();
    });
  }

  test('a bad link is a clear error, in the page language', async ({ page }) => {
    await page.goto('/Unsubscribe?token=not-a-real-token-at-all-000000&lang=fr');
    await expect(page.getByRole('alert')).toContainText('pas valide');
    await page.goto('/Unsubscribe?lang=en');
    await expect(page.getByText('This page needs the link from your e-mail')).toBeVisible();
  });
});
