import dayjs from 'dayjs';
import type { APIRequestContext } from '@playwright/test';
import { API } from '#shared/contract/paths';
import { ACTING_USER_HEADER } from '#shared/contract/vet-record-values';
import type { VetReminder } from '#shared/contract/vet';
import type { VetOwner, VetOwnerDetails } from '#shared/contract/vet-owners';
import { axeOf } from '#tests/e2e/support/axe';
import { clinicStorageState, openPortal, storedPortalSession } from '#tests/e2e/support/clinic-session';
import { receivedMail, waitForMail } from '#tests/e2e/support/mailbox';
import { expect, test, type Page } from '#tests/e2e/support/test';

/** The demo clinic's stored session for the calls that set a test up (the clinic's first person acting). */
function clinicSession(): Record<string, string> {
  const session = storedPortalSession();
  return { Authorization: `Bearer ${session.token}`, [ACTING_USER_HEADER]: String(session.users[0].ID) };
}

async function call<T>(request: APIRequestContext, path: string, body: object, headers: Record<string, string>) {
  const answer = (await (await request.post(path, { data: body, headers })).json()) as {
    result: number;
    message?: string;
    data: T;
  };
  expect(answer.message ?? '').toBe('');
  return answer.data;
}

/**
 * A reminder not yet e-mailed of an owner with an address, due from `fromDay` to `toDay` days from today (apart from
 * the other specs' days: Send reminders uses a week from today, each test here a range of its own): its owner's language set, the day's reminders sent, and the owner's e-mail.
 */
async function reminderEmailTo(
  request: APIRequestContext,
  fromDay: number,
  toDay: number,
  language: 'ar' | 'es' | null,
): Promise<{ link: string; ownerName: string; petName: string; mailText: string }> {
  const session = clinicSession();
  const { reminders } = await call<{ reminders: VetReminder[] }>(
    request,
    API.vetReminders,
    {
      dateFrom: dayjs().add(fromDay, 'day').format('YYYY-MM-DD'),
      dateTo: dayjs()
        .add(fromDay + 60, 'day')
        .format('YYYY-MM-DD'),
      status: 'notSent',
      offset: 1,
      limit: 100,
    },
    session,
  );
  const reminder = reminders.find((r) => r.ownerEmailForVet !== '');
  expect(reminder, 'a reminder to e-mail').toBeTruthy();
  const { ownerNameForVet: ownerName, petName, nextReminderDate: day } = reminder!;
  if (language) {
    const params = new URLSearchParams({ offset: '1', limit: '10', searchTerm: reminder!.ownerEmailForVet });
    const owners = (
      (await await request.get(`${API.vetOwners}?${params}`, { headers: session }).then((r) => r.json())) as {
        data: { owners: VetOwner[] };
      }
    ).data.owners;
    const owner = owners.find((o) => o.name === ownerName && o.email === reminder!.ownerEmailForVet)!;
    const details = (
      (await (await request.get(`${API.vetOwnerDetails}?ownerId=${owner.ID}`, { headers: session })).json()) as {
        data: VetOwnerDetails;
      }
    ).data;
    await call(
      request,
      API.saveVetOwner,
      {
        ownerId: owner.ID,
        version: details.version,
        name: details.name,
        phone: details.phone,
        email: details.email,
        language,
        remindersByEmail: details.remindersByEmail,
        notes: details.notes,
      },
      session,
    );
  }
  const before = (await receivedMail()).length;
  const sent = await call<{ queued: number }>(request, API.sendVetReminders, { date: day, dryRun: false }, session);
  expect(sent.queued).toBeGreaterThan(0);
  const mail = await waitForMail(
    (m) => (m.to && !Array.isArray(m.to) ? m.to.text : '').includes(reminder!.ownerEmailForVet),
    before,
  );
  const link = /http:\/\/[^\s"]+\/BookVisit\?token=[A-Za-z0-9_-]+&lang=[a-z]{2}/.exec(mail.text ?? '')?.[0];
  expect(link, 'the e-mail\'s "Book a visit" link').toBeTruthy();
  return { link: link!, ownerName, petName, mailText: mail.text ?? '' };
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const serious = (await axeOf(page)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('A visit booked from a reminder e-mail (issue 33, item 5)', () => {
  // the staff's page: Demo Clinic signed in (the owners' browsers are contexts of their own, without a session)
  test.use({ storageState: clinicStorageState() });

  test('in Arabic at 390 px: the owner picks days, a part of the day and a note; the link then says it was used', async ({
    browser,
    request,
  }) => {
    const { link, petName } = await reminderEmailTo(request, 40, 100, 'ar');
    expect(link).toContain('&lang=ar');
    // a browser that prefers English: the link's language wins
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'احجز زيارة' })).toBeVisible();
    await expect(page.getByText('Demo Clinic', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(petName).first()).toBeVisible();
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeViolations(page);

    // no day: the form says so
    await page.getByRole('button', { name: 'أرسل الطلب' }).click();
    await expect(page.getByText('يُرجى اختيار يوم واحد على الأقل.')).toBeVisible();

    const days = page.getByRole('group', { name: 'الأيام المفضلة (اختر حتى ثلاثة)' }).getByRole('checkbox');
    for (const i of [2, 4, 6]) await days.nth(i).check();
    // three at most: the others are off
    await expect(days.nth(8)).toBeDisabled();
    await page.getByRole('radio', { name: 'صباحًا' }).check();
    await page.getByRole('textbox').fill('Nur prefers the first slot');
    await page.getByRole('button', { name: 'أرسل الطلب' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'وصل طلبك إلى Demo Clinic' })).toBeVisible();
    // the pressed button is gone: the answer has the focus (it fell back to the page's start)
    await expect(page.getByRole('status').filter({ hasText: 'وصل طلبك إلى Demo Clinic' })).toBeFocused();

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'سبق طلب زيارة بهذا الرابط' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'أرسل الطلب' })).toHaveCount(0);

    // a link that is not one says so
    await page.goto('/BookVisit?token=not-a-real-booking-token-000000&lang=ar');
    await expect(page.getByRole('alert')).toContainText('رابط الحجز هذا غير صالح');
    await context.close();
  });

  test('in Spanish, the owner’s language on their record: the e-mail and the page speak it whatever the browser prefers', async ({
    browser,
    request,
  }) => {
    const { link, mailText } = await reminderEmailTo(request, 10, 39, 'es');
    expect(link).toContain('&lang=es');
    expect(mailText).toContain('Pedir una cita');
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir una cita' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Elija al menos un día.')).toBeVisible();
    await page.getByRole('group', { name: 'Días preferidos (elija hasta tres)' }).getByRole('checkbox').nth(1).check();
    await page.getByRole('radio', { name: 'Mañana' }).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Demo Clinic tiene su solicitud' })).toBeVisible();
    await context.close();
  });

  test('in English: the owner asks, staff accept it from the Requested filter and the visit is on the day', async ({
    browser,
    request,
    page,
  }) => {
    const { link, ownerName, petName } = await reminderEmailTo(request, 10, 39, null);
    expect(link).toContain('&lang=en');
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto(link);
    await expect(owner.getByRole('heading', { level: 1, name: 'Book a visit' })).toBeVisible();
    const days = owner.getByRole('group', { name: 'Preferred days (choose up to three)' }).getByRole('checkbox');
    await days.nth(3).check();
    const firstDay = dayjs().add(4, 'day');
    await owner.getByRole('radio', { name: 'Afternoon' }).check();
    await owner.getByRole('button', { name: 'Send request' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Demo Clinic has your request' })).toBeVisible();
    await ownerContext.close();

    await openPortal(page);
    await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
    const requested = page.getByRole('radio', { name: /^Requested \d+$/ });
    await expect(requested).toBeVisible();
    // by keyboard: the arrow moves on from Completed to Requested, and the focus stays on the filter as the screen swaps
    await page.getByRole('radio', { name: 'Completed' }).click();
    await page.keyboard.press('ArrowRight');
    await expect(requested).toBeFocused();
    await expect(requested).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('heading', { name: 'Visit requests' })).toBeVisible();
    const card = page.getByRole('article', { name: `Visit request of ${ownerName}` });
    await expect(card).toContainText(`Preferred days: ${firstDay.format('MMMM D, YYYY')}`);
    await expect(card).toContainText('Part of the day: Afternoon');
    await expect(card).toContainText(petName);
    // the pointer off the Completed button it clicked (its hover colour is the theme's, checked by the a11y specs)
    await page.mouse.move(0, 0);
    await expectNoSeriousAxeViolations(page);

    await card.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book the visit' });
    // the owner's first preferred day unless changed
    await expect(dialog.getByRole('group', { name: 'Visit date' })).toContainText(firstDay.format('MM/DD/YYYY'));
    // an optional message, as the decline form has: the owner's confirmation carries it as written
    const message = `Please bring ${petName}'s vaccination booklet.`;
    await dialog.getByLabel('Message to the owner (optional)').fill(message);
    const mailsBefore = (await receivedMail()).length;
    await dialog.getByRole('button', { name: 'Book visit' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `The visit on ${firstDay.format('MMMM D, YYYY')} is booked.` }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    // the answered card left the list: the focus goes to the card in its place or the list (it fell to the body)
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return (
            focused !== null &&
            focused !== document.body &&
            (focused.closest('article') !== null || focused.getAttribute('tabindex') === '-1')
          );
        }),
      )
      .toBe(true);
    const confirmation = await waitForMail(
      (m) => m.subject === `Visit booked for ${firstDay.format('MMMM D, YYYY')}` && (m.text ?? '').includes(petName),
      mailsBefore,
    );
    expect(confirmation.text).toContain(message);

    // the visit is among the visits
    await page.getByRole('radio', { name: 'All' }).click();
    await page.getByRole('searchbox').first().fill(petName);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: petName })
        .filter({ hasText: firstDay.format('MMMM D, YYYY') }),
    ).toHaveCount(1);
  });
});
