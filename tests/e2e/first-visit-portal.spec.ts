/** Issue 25: what a new clinic user hit in the portal, at desk width (and a phone where it matters). */
import sharp from 'sharp';
import { clinicStorageState, openPortal } from '#tests/e2e/support/clinic-session';
import { createClinicPet } from '#tests/e2e/support/clinic-data';
import { expect, test, type Locator, type Page } from '#tests/e2e/support/test';
import { searchPets } from '#tests/e2e/support/pets-search';

// every test here opens the portal signed in; none tests the login, logs out or switches the acting person
test.use({ viewport: { width: 1280, height: 900 }, storageState: clinicStorageState() });
const ERROR_RED = 'rgb(198, 40, 40)';

async function openVisits(page: Page): Promise<void> {
  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Vet Visits' })).toBeVisible();
  await expect(visitRows(page).first()).toBeVisible();
}

/** The Visits tab's visits at a desk: from 1024 px they are the rows of the Visits grid (issue 21), not cards. */
function visitRows(page: Page): Locator {
  return page
    .getByRole('grid', { name: 'Visits' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Edit the visit of / }) });
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 140, b: 120 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** The focus ring a keyboard user sees on an element: its outline, and its contrast with what is around the element. */
function focusRing(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 4).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    // the first opaque background behind the element
    let behind = el.parentElement;
    let background = [255, 255, 255];
    while (behind) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(behind).backgroundColor);
      if (a > 0.5 && getComputedStyle(behind).backgroundColor !== 'rgba(0, 0, 0, 0)') {
        background = [r, g, b];
        break;
      }
      behind = behind.parentElement;
    }
    const [l1, l2] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((a, b) => b - a);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      contrast: (l1 + 0.05) / (l2 + 0.05),
    };
  });
}

/** Effective opacity of an element: its own times its ancestors'. */
function shownOpacity(locator: Locator) {
  return locator.evaluate((el) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

test.describe('Keyboard and focus', () => {
  test('Tab from the dashboard tabs lands on the selected filter (Active), and leaves the group in one step', async ({
    page,
  }) => {
    await openVisits(page);
    await page.getByRole('tab', { name: 'Visits' }).focus();
    // the page's header action (Recently deleted, issue 36) comes first, then the filter
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Recently deleted' })).toBeFocused();
    await page.keyboard.press('Tab');
    const filter = page.getByRole('radiogroup', { name: 'Visit status' });
    await expect(filter.getByRole('radio', { name: 'Active' })).toBeFocused();
    await expect(filter.getByRole('radio', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(filter.getByRole('radio', { name: 'Completed' })).toBeFocused();
    await expect(filter.getByRole('radio', { name: 'Completed' })).toHaveAttribute('aria-checked', 'true');
    // out of the group in one step: at a desk the visits' search comes next
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox', { name: 'Search visits' })).toBeFocused();
  });

  test('every button kind shows a focus ring at least 2 px thick that contrasts 3:1 with what is around it', async ({
    page,
  }) => {
    await openVisits(page);
    const checks: Array<[string, Locator, Locator]> = [];
    const newVisit = page.getByRole('button', { name: '+ New Visit' });
    checks.push(['filled (secondary)', page.getByRole('searchbox', { name: 'Search visits' }), newVisit]);
    checks.push([
      'toggle',
      page.getByRole('button', { name: 'Recently deleted' }),
      page.getByRole('radio', { name: 'Active' }),
    ]);
    for (const [kind, before, button] of checks) {
      await before.focus();
      await page.keyboard.press('Tab');
      await expect(button).toBeFocused();
      const ring = await focusRing(button);
      expect(ring.style, kind).toBe('solid');
      expect(ring.width, kind).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, kind).toBeGreaterThanOrEqual(3);
    }
    // the filled Submit, the text Cancel and the icon Close of the Edit Vet Visit dialog
    await visitRows(page)
      .first()
      .getByRole('button', { name: /^Edit the visit of / })
      .click();
    const dialog = page.getByRole('dialog', { name: /Edit Vet Visit/ });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    for (const [kind, move, button] of [
      ['filled (primary)', 'Tab', submit],
      ['text', 'Shift+Tab', cancel],
    ] as const) {
      if (kind === 'filled (primary)') await cancel.focus();
      await page.keyboard.press(move);
      await expect(button).toBeFocused();
      const ring = await focusRing(button);
      expect(ring.style, kind).toBe('solid');
      expect(ring.width, kind).toBeGreaterThanOrEqual(2);
      expect(ring.contrast, kind).toBeGreaterThanOrEqual(3);
    }
    await page.keyboard.press('Escape');
  });

  test('with no pet type chosen, Breed shows its error on the control: red outline and label', async ({ page }) => {
    await openVisits(page);
    await page.getByRole('tab', { name: 'Pets' }).click();
    await page.getByRole('button', { name: '+ Add Pet' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Pet' });
    await form.getByRole('button', { name: 'Create Pet' }).click();
    await expect(form.getByText('Breed is required')).toBeVisible();
    const breed = form.getByRole('combobox', { name: 'Breed' });
    await expect(breed).toBeDisabled();
    // (the label's colour eases in over 200 ms)
    const colours = () =>
      breed.evaluate((input) => {
        const control = input.closest('.MuiFormControl-root') as HTMLElement;
        return {
          label: getComputedStyle(control.querySelector('label') as HTMLElement).color,
          outline: getComputedStyle(control.querySelector('.MuiOutlinedInput-notchedOutline') as HTMLElement)
            .borderTopColor,
          helper: getComputedStyle(control.querySelector('.MuiFormHelperText-root') as HTMLElement).color,
        };
      });
    await expect.poll(colours).toEqual({ label: ERROR_RED, outline: ERROR_RED, helper: ERROR_RED });
  });
});

test.describe('Edit Pet', () => {
  test('the server\'s "Only image files are allowed" goes away once a good picture is chosen', async ({ page }) => {
    // a pet of its own: the Pets tab lists the newest pet first, often another spec's that it is editing or deleting
    const petName = `Photo check ${Date.now().toString(36)}`;
    await createClinicPet(page.request, {
      petName,
      ownerNameForVet: 'Photo Owner',
      ownerPhoneForVet: '+44 20 7946 0101',
    });
    await openVisits(page);
    await page.getByRole('tab', { name: 'Pets' }).click();
    // The Pets tab's code loads in a transition: until it has, the Visits grid stays, and its rows' "Edit the visit of
    // …" buttons would answer a row's /^Edit / too. The Pets grid, then the pet's own row.
    const pets = page.getByRole('grid', { name: 'Vet Pets' });
    await searchPets(page, petName);
    await pets
      .getByRole('row', { name: new RegExp(petName) })
      .getByRole('button', { name: `Edit ${petName}` })
      .click();
    const form = page.getByRole('dialog', { name: 'Edit Pet' });
    await expect(form.getByLabel('Pet Name')).toHaveValue(petName);
    // named and typed as a PNG, but not one: the browser's check lets it through, the server refuses it
    await form
      .getByTestId('pet-image')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('Only image files are allowed');
    await form
      .getByTestId('pet-image')
      .setInputFiles({ name: 'paw.png', mimeType: 'image/png', buffer: await png(64, 64) });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('Edit Vet Visit', () => {
  test('a reminder saved as "In 3 months" reopens as "In 3 months"', async ({ page }) => {
    await openVisits(page);
    const rowId = (await visitRows(page).first().getAttribute('data-id')) as string;
    const edit = async () => {
      await page
        .locator(`[role="row"][data-id="${rowId}"]`)
        .getByRole('button', { name: /^Edit the visit of / })
        .click();
      const dialog = page.getByRole('dialog', { name: /Edit Vet Visit/ });
      await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
      return dialog;
    };
    let dialog = await edit();
    const rowsBefore = await dialog.getByRole('combobox', { name: 'Vaccination' }).count();
    await dialog.getByRole('button', { name: 'Add vaccination' }).click();
    await dialog.getByRole('combobox', { name: 'Vaccination' }).last().click();
    await page.getByRole('option', { name: 'Rabies' }).click();
    await dialog.getByRole('combobox', { name: 'Reminder', exact: true }).last().click();
    await page.getByRole('option', { name: 'In 3 months' }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();

    dialog = await edit();
    await expect(dialog.getByRole('combobox', { name: 'Vaccination' })).toHaveCount(rowsBefore + 1);
    await expect(dialog.getByRole('combobox', { name: 'Reminder', exact: true }).last()).toHaveText('In 3 months');
    // leave the visit as it was
    await dialog.getByRole('button', { name: `Remove row ${rowsBefore + 1}` }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
  });

  test("pictures: a refused file's message goes with the next good one; a picture marked for deletion keeps a clear Restore", async ({
    page,
  }) => {
    await openVisits(page);
    await visitRows(page)
      .first()
      .getByRole('button', { name: /^Edit the visit of / })
      .click();
    const dialog = page.getByRole('dialog', { name: /Edit Vet Visit/ });
    await dialog.getByRole('tab', { name: 'Pictures' }).click();
    const file = dialog.getByTestId('picture-file');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(dialog.getByRole('alert')).toHaveText('Only image files are allowed');
    await file.setInputFiles({ name: 'paw.png', mimeType: 'image/png', buffer: await png(64, 64) });
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    const pictures = await dialog.getByRole('button', { name: /^Delete picture \d+$/ }).count();
    await dialog.getByRole('button', { name: `Delete picture ${pictures}` }).click();
    const restore = dialog.getByRole('button', { name: `Restore picture ${pictures}` });
    await expect(restore).toBeEnabled();
    expect(await shownOpacity(restore)).toBe(1);
    // the picture itself is what fades
    expect(await shownOpacity(dialog.getByRole('button', { name: `Enlarge picture ${pictures}` }))).toBeLessThan(0.6);
    await restore.click();
    await expect(dialog.getByRole('button', { name: `Delete picture ${pictures}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a zoomed picture moves: drag, arrow keys and Shift+wheel reach every part of it', async ({ page }) => {
    await openVisits(page);
    await visitRows(page)
      .first()
      .getByRole('button', { name: /^Edit the visit of / })
      .click();
    const dialog = page.getByRole('dialog', { name: /Edit Vet Visit/ });
    await dialog.getByRole('tab', { name: 'Pictures' }).click();
    await dialog
      .getByTestId('picture-file')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await png(1600, 1000) });
    const count = await dialog.getByRole('button', { name: /^Enlarge picture \d+$/ }).count();
    await dialog.getByRole('button', { name: `Enlarge picture ${count}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Picture' });
    const view = viewer.getByTestId('picture-view');
    await expect(view.locator('img')).toHaveJSProperty('complete', true);
    const scroll = () =>
      view.evaluate((el) => ({
        left: el.scrollLeft,
        top: el.scrollTop,
        maxLeft: el.scrollWidth - el.clientWidth,
        maxTop: el.scrollHeight - el.clientHeight,
      }));
    // fitted: nothing to move
    await expect.poll(async () => (await scroll()).maxLeft).toBeLessThanOrEqual(1);

    // the wheel zooms (SPEC.md), up to 300 %
    await view.hover();
    for (let i = 0; i < 25; i++) await page.mouse.wheel(0, -100);
    await expect(viewer.getByTestId('picture-zoom')).toHaveText('300%');
    const zoomed = await scroll();
    expect(zoomed.maxLeft).toBeGreaterThan(500);
    expect(zoomed.maxTop).toBeGreaterThan(300);
    // the zoom kept the middle of the picture in view
    expect(Math.abs(zoomed.left - zoomed.maxLeft / 2)).toBeLessThan(40);

    // arrow keys
    await view.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await scroll()).left).toBeGreaterThan(zoomed.left + 20);
    await expect.poll(async () => (await scroll()).top).toBeGreaterThan(zoomed.top + 20);
    await page.keyboard.press('Home');
    await expect.poll(scroll).toMatchObject({ left: 0, top: 0 });
    await page.keyboard.press('End');
    await expect.poll(async () => (await scroll()).left).toBeGreaterThanOrEqual(zoomed.maxLeft - 1);

    // drag: the picture follows the mouse
    const box = (await view.boundingBox()) as { x: number; y: number; width: number; height: number };
    const before = await scroll();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 120, { steps: 5 });
    await page.mouse.up();
    const dragged = await scroll();
    expect(before.left - dragged.left).toBeGreaterThan(150);
    expect(before.top - dragged.top).toBeGreaterThan(80);

    // Shift+wheel scrolls sideways without zooming
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Shift');
    await expect.poll(async () => (await scroll()).left).toBeLessThan(dragged.left);
    await expect(viewer.getByTestId('picture-zoom')).toHaveText('300%');
    await page.keyboard.press('Escape');
  });
});

test.describe('Pet Profile dialog', () => {
  test("at 1280 px every category tab shows in full, from the row's start, without arrows; on a phone they scroll", async ({
    page,
  }) => {
    await openVisits(page);
    await visitRows(page)
      .first()
      .getByRole('button', { name: /^Open the profile of / })
      .click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Visit history' }) });
    const tabs = dialog.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'Grooming & Hygiene' })).toBeVisible();
    const row = await tabs.evaluate((list) => {
      const root = (list.closest('.MuiTabs-root') as HTMLElement).getBoundingClientRect();
      const items = [...list.children].map((tab) => tab.getBoundingClientRect());
      return {
        arrows: list.closest('.MuiTabs-root')?.querySelectorAll('.MuiTabs-scrollButtons').length,
        gap: Math.round(items[0].left - root.left),
        cut: items.some((r) => r.right > root.right + 0.5 || r.left < root.left - 0.5),
      };
    });
    expect(row).toEqual({ arrows: 0, gap: 0, cut: false });

    // the dialog outlives the Visits tab's switch from the grid to cards
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.MuiTabs-scrollButtons')).toHaveCount(2);
  });
});
